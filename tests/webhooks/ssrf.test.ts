import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../src/lib/server/accounts/accounts';
import { webhookAttempts, webhookDeliveries } from '../../src/lib/server/db/tables/webhooks';
import { recordEvent } from '../../src/lib/server/events/recordEvent';
import { newId, randomBase62 } from '../../src/lib/server/ids/newId';
import type { Kassa } from '../../src/lib/server/runtime/Kassa';
import { createWebhookEndpoint } from '../../src/lib/server/webhooks/createWebhookEndpoint';
import type {
	Connector,
	WebhookRequest
} from '../../src/lib/server/webhooks/delivery/httpConnector';
import type { Resolver } from '../../src/lib/server/webhooks/delivery/resolveAndCheck';
import { startWebhookDelivery } from '../../src/lib/server/webhooks/delivery/startWebhookDelivery';
import { generateWebhookSecret } from '../../src/lib/server/webhooks/generateWebhookSecret';
import { isPrivateAddress } from '../../src/lib/server/webhooks/isPrivateAddress';
import { insertEndpoint } from '../../src/lib/server/webhooks/repo';
import { updateWebhookEndpoint } from '../../src/lib/server/webhooks/updateWebhookEndpoint';
import * as collection from '../../src/routes/v1/webhook_endpoints/+server';
import { callRoute } from '../support/callRoute';
import { merchant } from '../support/merchant';
import { testKassa } from '../support/testKassa';
import { startReceiver } from './receiver';

/**
 * No test here may reach a private, link-local or metadata address: names resolve through a fake
 * resolver, and sends go to a connector spy that fails the test if handed such an address.
 */
const dns = new Map<string, string[]>();
const lookups: string[] = [];
const resolver: Resolver = async (host) => {
	lookups.push(host);
	const found = dns.get(host);
	if (!found)
		throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
	return found;
};

function connectorSpy() {
	const calls: WebhookRequest[] = [];
	const connector: Connector = async (request) => {
		calls.push(request);
		if (isPrivateAddress(request.address)) throw new Error(`would connect to ${request.address}`);
		return { status: 200, retryAfter: null };
	};
	return { calls, connector };
}

let kassa: Kassa;
let strict: Kassa;
let live: Principal;
let liveKey: string;
beforeAll(async () => {
	strict = await testKassa({ KASSA_ALLOW_PRIVATE_WEBHOOKS: 'off' });
	// Created last, so routes are served by this one.
	kassa = await testKassa();
	const shop = await merchant(kassa);
	live = { accountId: shop.accountId, mode: 'live', livemode: true };
	liveKey = shop.liveKey;
	dns.set('hooks.shop.example', ['93.184.215.14']);
	dns.set('loopback.shop.example', ['127.0.0.1']);
	dns.set('mixed.shop.example', ['93.184.215.14', '10.0.0.1']);
	dns.set('ula.shop.example', ['2606:4700::1111', 'fd00::1']);
	dns.set('mapped.shop.example', ['::ffff:169.254.169.254']);
	dns.set('metadata.shop.example', ['169.254.169.254']);
});
afterAll(async () => {
	await strict.close();
	await kassa.close();
});

const register = (on: Kassa, principal: Principal, url: string) =>
	createWebhookEndpoint(on, principal, { url }, { resolver });

async function refusal(work: Promise<unknown>) {
	const error = await work.then(
		() => undefined,
		(e: unknown) => e
	);
	expect(error).toMatchObject({ code: 'parameter_invalid', param: 'url' });
	return (error as Error).message;
}

describe('registration', () => {
	it.each([
		'http://127.0.0.1/hook',
		'http://10.0.0.1/hook',
		'http://169.254.169.254/latest/meta-data',
		'https://127.0.0.1/hook',
		'https://10.0.0.1/hook',
		'https://169.254.169.254/latest/meta-data',
		'https://[fd00:ec2::254]/latest',
		'https://localhost/hook'
	])('live mode refuses %s without looking anything up', async (url) => {
		lookups.length = 0;
		await refusal(register(kassa, live, url));
		expect(lookups).toEqual([]);
		const res = await callRoute(collection.POST, {
			method: 'POST',
			path: '/v1/webhook_endpoints',
			key: liveKey,
			body: { url }
		});
		expect(res.status).toBe(400);
		expect(res.json.error).toMatchObject({ code: 'parameter_invalid', param: 'url' });
	});

	it.each([
		['loopback.shop.example', '127.0.0.1'],
		['mixed.shop.example', '10.0.0.1'],
		['ula.shop.example', 'fd00::1'],
		['mapped.shop.example', '::ffff:169.254.169.254'],
		['metadata.shop.example', '169.254.169.254']
	])('live mode refuses a name (%s) that resolves to %s', async (host, address) => {
		const message = await refusal(register(kassa, live, `https://${host}/hook`));
		expect(message).toContain(`${host} resolves to ${address}`);
	});

	it('checks a changed url on update too', async () => {
		const { id } = await register(kassa, live, 'https://hooks.shop.example/hook');
		await refusal(
			updateWebhookEndpoint(
				kassa,
				live,
				id,
				{ url: 'https://loopback.shop.example/' },
				{ resolver }
			)
		);
	});

	it('accepts a public name, and one that does not resolve yet (checked again at every send)', async () => {
		expect((await register(kassa, live, 'https://hooks.shop.example/hook')).status).toBe('enabled');
		expect((await register(kassa, live, 'https://unknown.shop.example/hook')).status).toBe(
			'enabled'
		);
	});

	it('test mode: private targets only while KASSA_ALLOW_PRIVATE_WEBHOOKS is on', async () => {
		const owner = await merchant(strict);
		const test: Principal = { accountId: owner.accountId, mode: 'test', livemode: false };
		await refusal(register(strict, test, 'https://loopback.shop.example/hook'));
		await refusal(register(strict, test, 'https://10.0.0.1/hook'));
		expect((await register(strict, test, 'https://hooks.shop.example/hook')).livemode).toBe(false);

		lookups.length = 0;
		const relaxed: Principal = { ...test, accountId: (await merchant(kassa)).accountId };
		expect((await register(kassa, relaxed, 'http://loopback.shop.example/hook')).status).toBe(
			'enabled'
		);
		expect(lookups).toEqual([]);
	});
});

describe('send time', () => {
	/** An endpoint stored as it is, bypassing registration: an old row, or a name that changed. */
	async function storedEndpoint(on: Kassa, principal: Principal, url: string) {
		const now = new Date();
		return insertEndpoint(on.db, {
			id: newId('we'),
			accountId: principal.accountId,
			mode: principal.mode,
			url,
			description: null,
			enabledEvents: [],
			metadata: {},
			status: 'enabled',
			secretCiphertext: on.secrets.seal(generateWebhookSecret()),
			createdAt: now,
			updatedAt: now
		});
	}

	const record = (on: Kassa, principal: Principal) =>
		on.db.transaction((tx) =>
			recordEvent(tx, {
				accountId: principal.accountId,
				mode: principal.mode,
				type: 'payment_intent.succeeded',
				object: { id: `pay_${randomBase62()}`, object: 'payment_intent' }
			})
		);

	async function attemptsAt(on: Kassa, endpointId: string) {
		return on.db.select().from(webhookAttempts).where(eq(webhookAttempts.endpointId, endpointId));
	}

	it('refuses a name that resolves to 10.0.0.1 after registration, never connecting', async () => {
		const owner = await merchant(kassa);
		const principal: Principal = { accountId: owner.accountId, mode: 'live', livemode: true };
		dns.set('rebind.shop.example', ['93.184.215.14']);
		const hook = await register(kassa, principal, 'https://rebind.shop.example/hook');
		dns.set('rebind.shop.example', ['10.0.0.1']);
		const spy = connectorSpy();
		let offset = 0;
		const worker = startWebhookDelivery(kassa, {
			manual: true,
			resolver,
			connector: spy.connector,
			now: () => new Date(Date.now() + offset)
		});
		const eventId = await record(kassa, principal);
		expect(await worker.runOnce()).toBe(1);
		expect(spy.calls).toEqual([]);
		const [attempt] = await attemptsAt(kassa, hook.id);
		expect(attempt).toMatchObject({ eventId, succeeded: false, statusCode: null });
		expect(attempt!.error).toContain('rebind.shop.example resolves to 10.0.0.1');
		const [delivery] = await kassa.db
			.select()
			.from(webhookDeliveries)
			.where(eq(webhookDeliveries.endpointId, hook.id));
		expect(delivery).toMatchObject({ status: 'pending', attemptCount: 1 });

		dns.set('rebind.shop.example', ['93.184.215.14']);
		offset += 6_000;
		expect(await worker.runOnce()).toBe(1);
		expect(spy.calls).toHaveLength(1);
		expect(spy.calls[0]).toMatchObject({ address: '93.184.215.14', family: 4 });
		expect(spy.calls[0]!.url.hostname).toBe('rebind.shop.example');
	});

	it('refuses stored live endpoints that are http or private, never connecting', async () => {
		const owner = await merchant(kassa);
		const principal: Principal = { accountId: owner.accountId, mode: 'live', livemode: true };
		const http = await storedEndpoint(kassa, principal, 'http://hooks.shop.example/hook');
		const metadata = await storedEndpoint(kassa, principal, 'https://169.254.169.254/latest');
		const loopback = await storedEndpoint(kassa, principal, 'https://loopback.shop.example/');
		const spy = connectorSpy();
		await record(kassa, principal);
		await startWebhookDelivery(kassa, {
			manual: true,
			resolver,
			connector: spy.connector
		}).runOnce();
		expect(spy.calls).toEqual([]);
		expect((await attemptsAt(kassa, http.id))[0]!.error).toMatch(/not https/);
		expect((await attemptsAt(kassa, metadata.id))[0]!.error).toMatch(/169\.254\.169\.254 is a/);
		expect((await attemptsAt(kassa, loopback.id))[0]!.error).toMatch(/resolves to 127\.0\.0\.1/);
	});

	it('refuses loopback in test mode once KASSA_ALLOW_PRIVATE_WEBHOOKS is off', async () => {
		const owner = await merchant(strict);
		const principal: Principal = { accountId: owner.accountId, mode: 'test', livemode: false };
		const hook = await storedEndpoint(strict, principal, 'https://127.0.0.1:9/hook');
		const spy = connectorSpy();
		await record(strict, principal);
		await startWebhookDelivery(strict, {
			manual: true,
			resolver,
			connector: spy.connector
		}).runOnce();
		expect(spy.calls).toEqual([]);
		expect((await attemptsAt(strict, hook.id))[0]!.error).toMatch(/127\.0\.0\.1 is a/);
	});

	it('connects to the address it checked, not to a second lookup of the name', async () => {
		const receiver = await startReceiver();
		try {
			const owner = await merchant(kassa);
			const principal: Principal = { accountId: owner.accountId, mode: 'test', livemode: false };
			dns.set('pinned.shop.example', ['127.0.0.1']);
			const port = new URL(receiver.url('/')).port;
			const hook = await register(kassa, principal, `http://pinned.shop.example:${port}/pinned`);
			receiver.trust('/pinned', hook.secret);
			await record(kassa, principal);
			await startWebhookDelivery(kassa, { manual: true, resolver }).runOnce();
			const [got] = receiver.at('/pinned');
			expect(got!.headers.host).toBe(`pinned.shop.example:${port}`);
			expect(got!.verifyError).toBeNull();
		} finally {
			await receiver.close();
		}
	});
});
