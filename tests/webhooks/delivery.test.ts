import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../src/lib/server/accounts/accounts';
import { webhookAttempts, webhookDeliveries } from '../../src/lib/server/db/tables/webhooks';
import { recordEvent } from '../../src/lib/server/events/recordEvent';
import { resendEvent } from '../../src/lib/server/events/resendEvent';
import { randomBase62 } from '../../src/lib/server/ids/newId';
import type { Kassa } from '../../src/lib/server/runtime/Kassa';
import { createWebhookEndpoint } from '../../src/lib/server/webhooks/createWebhookEndpoint';
import { deleteWebhookEndpoint } from '../../src/lib/server/webhooks/deleteWebhookEndpoint';
import { signPayload } from '../../src/lib/server/webhooks/delivery/signPayload';
import {
	startWebhookDelivery,
	type WebhookDelivery
} from '../../src/lib/server/webhooks/delivery/startWebhookDelivery';
import type { EventType } from '../../src/lib/server/webhooks/eventTypes';
import { getWebhookEndpoint } from '../../src/lib/server/webhooks/getWebhookEndpoint';
import { updateWebhookEndpoint } from '../../src/lib/server/webhooks/updateWebhookEndpoint';
import { merchant } from '../support/merchant';
import { testKassa } from '../support/testKassa';
import { startReceiver, type Receiver } from './receiver';

let kassa: Kassa;
let receiver: Receiver;
let worker: WebhookDelivery;
/** The worker's clock runs this far ahead of the real one: retries come due without waiting. */
let offset = 0;
const now = () => new Date(Date.now() + offset);

beforeAll(async () => {
	kassa = await testKassa();
	receiver = await startReceiver();
	worker = startWebhookDelivery(kassa, { manual: true, now });
});
afterAll(async () => {
	await receiver.close();
	await kassa.close();
});

/** Runs the worker until nothing is due. */
async function drain(on: WebhookDelivery = worker): Promise<number> {
	let total = 0;
	for (let n = await on.runOnce(); n > 0; n = await on.runOnce()) total += n;
	return total;
}

/** A merchant of its own per test: events go to every endpoint of the account. */
async function shop(target: Receiver = receiver) {
	const { accountId } = await merchant(kassa);
	const principal: Principal = { accountId, mode: 'test', livemode: false };
	const endpoint = async (input: { enabled_events?: EventType[] | ['*'] } = {}) => {
		const path = `/hook/${randomBase62(64)}`;
		const created = await createWebhookEndpoint(kassa, principal, {
			url: target.url(path),
			...input
		});
		target.trust(path, created.secret);
		return { ...created, path };
	};
	const record = (type: EventType = 'payment_intent.succeeded', object?: Record<string, unknown>) =>
		kassa.db.transaction((tx) =>
			recordEvent(tx, {
				accountId,
				mode: 'test',
				type,
				object: {
					id: `pay_${randomBase62()}`,
					object: 'payment_intent',
					status: 'succeeded',
					...object
				}
			})
		);
	return { principal, endpoint, record };
}

async function deliveryOf(eventId: string, endpointId: string) {
	const where = and(
		eq(webhookDeliveries.eventId, eventId),
		eq(webhookDeliveries.endpointId, endpointId)
	);
	const [row] = await kassa.db.select().from(webhookDeliveries).where(where);
	return row;
}

const attemptsOf = (deliveryId: string) =>
	kassa.db
		.select()
		.from(webhookAttempts)
		.where(eq(webhookAttempts.deliveryId, deliveryId))
		.orderBy(webhookAttempts.attempt);

const typesAt = (path: string) =>
	receiver
		.at(path)
		.map((r) => JSON.parse(r.body).type)
		.sort();

describe('webhook delivery to a real receiver', () => {
	it('signs every delivery so standardwebhooks verifies it; the body is the event', async () => {
		const { endpoint, record } = await shop();
		const hook = await endpoint();
		const object = {
			id: 'pay_sample',
			object: 'payment_intent',
			status: 'succeeded',
			amount: '12.50'
		};
		const eventId = await record('payment_intent.succeeded', object);
		expect(await drain()).toBe(1);

		const [got] = receiver.at(hook.path);
		expect(receiver.at(hook.path)).toHaveLength(1);
		expect(got!.verifyError).toBeNull();
		expect(got!.headers['webhook-id']).toBe(eventId);
		expect(got!.headers['content-type']).toBe('application/json');
		expect(got!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
		const sent = Number(got!.headers['webhook-timestamp']);
		expect(Math.abs(sent - Date.now() / 1000)).toBeLessThan(10);
		expect(got!.verified).toEqual(JSON.parse(got!.body));
		expect(JSON.parse(got!.body)).toEqual({
			id: eventId,
			object: 'event',
			type: 'payment_intent.succeeded',
			created: expect.any(Number),
			livemode: false,
			data: { object }
		});

		const delivery = (await deliveryOf(eventId, hook.id))!;
		expect(delivery).toMatchObject({
			status: 'succeeded',
			attemptCount: 1,
			lastStatusCode: 200,
			nextAttemptAt: null
		});
		const [attempt] = await attemptsOf(delivery.id);
		expect(attempt).toMatchObject({ attempt: 1, succeeded: true, statusCode: 200, error: null });
		expect(attempt!.latencyMs).toBeGreaterThanOrEqual(0);
	});

	it('is refused by the receiver when the body is tampered with or the timestamp is old', async () => {
		const { endpoint, record } = await shop();
		const hook = await endpoint();
		await record();
		await drain();
		const [got] = receiver.at(hook.path);
		const webhook = new Webhook(hook.secret);
		const headers = {
			'webhook-id': String(got!.headers['webhook-id']),
			'webhook-timestamp': String(got!.headers['webhook-timestamp']),
			'webhook-signature': String(got!.headers['webhook-signature'])
		};
		expect(() => webhook.verify(got!.body, headers)).not.toThrow();
		expect(() => webhook.verify(got!.body.replace('succeeded', 'cancelled'), headers)).toThrow();
		expect(() => webhook.verify(`${got!.body} `, headers)).toThrow();

		const old = Math.floor(Date.now() / 1000) - 10 * 60;
		const stale = {
			...headers,
			'webhook-timestamp': String(old),
			'webhook-signature': signPayload(hook.secret, headers['webhook-id'], old, got!.body)
		};
		expect(() => webhook.verify(got!.body, stale)).toThrow(/timestamp/i);
		const otherSecret = new Webhook((await endpoint()).secret);
		expect(() => otherSecret.verify(got!.body, headers)).toThrow();
	});

	it('retries a receiver that was down: the event arrives later with the same webhook-id', async () => {
		const flaky = await startReceiver();
		try {
			const { endpoint, record } = await shop(flaky);
			const hook = await endpoint();
			await flaky.down();
			const eventId = await record();
			const before = Date.now() + offset;
			expect(await drain()).toBe(1);
			const failed = (await deliveryOf(eventId, hook.id))!;
			expect(failed).toMatchObject({ status: 'pending', attemptCount: 1, lastStatusCode: null });
			expect(failed.lastError).toMatch(/ECONNREFUSED/);
			const wait = failed.nextAttemptAt!.getTime() - before;
			expect(wait).toBeGreaterThanOrEqual(4_500 - 1000);
			expect(wait).toBeLessThanOrEqual(5_500 + 1000);
			expect(await worker.runOnce()).toBe(0);

			await flaky.up();
			offset += 6_000;
			expect(await drain()).toBe(1);
			const [got] = flaky.at(hook.path);
			expect(flaky.at(hook.path)).toHaveLength(1);
			expect(got!.headers['webhook-id']).toBe(eventId);
			expect(got!.verifyError).toBeNull();
			const attempts = await attemptsOf(failed.id);
			expect(attempts.map((a) => [a.attempt, a.succeeded, a.statusCode])).toEqual([
				[1, false, null],
				[2, true, 200]
			]);
			expect(attempts[0]!.error).toMatch(/ECONNREFUSED/);
			expect((await deliveryOf(eventId, hook.id))!.status).toBe('succeeded');
		} finally {
			await flaky.close();
		}
	});

	it('sends the same bytes and webhook-id on every retry, re-signed with a fresh timestamp', async () => {
		const { endpoint, record } = await shop();
		const hook = await endpoint();
		let calls = 0;
		receiver.answer(hook.path, () => (++calls === 1 ? 500 : 200));
		const eventId = await record('checkout_session.completed', {
			object: 'checkout_session',
			nested: { b: 2, a: [1, 'x'], z: null }
		});
		await drain();
		expect((await deliveryOf(eventId, hook.id))!).toMatchObject({
			status: 'pending',
			lastStatusCode: 500,
			lastError: 'HTTP 500'
		});
		offset += 6_000;
		await drain();
		const [first, second] = receiver.at(hook.path);
		expect(receiver.at(hook.path)).toHaveLength(2);
		expect(second!.body).toBe(first!.body);
		expect(second!.headers['webhook-id']).toBe(eventId);
		expect(first!.headers['webhook-id']).toBe(eventId);
		expect(first!.verifyError).toBeNull();
		expect(second!.verifyError).toBeNull();
		expect(Number(second!.headers['webhook-timestamp'])).toBeGreaterThan(
			Number(first!.headers['webhook-timestamp'])
		);
	});

	it('delivers each of 100 events (at least once, duplicates only under the same id)', async () => {
		const { endpoint, record } = await shop();
		const hook = await endpoint();
		const ids: string[] = [];
		for (let i = 0; i < 100; i++) ids.push(await record());
		expect(await drain()).toBe(100);
		const got = receiver.at(hook.path);
		expect(got.every((r) => r.verifyError === null)).toBe(true);
		const seen = got.map((r) => String(r.headers['webhook-id']));
		expect(new Set(seen)).toEqual(new Set(ids));
		for (const r of got) expect(JSON.parse(r.body).id).toBe(r.headers['webhook-id']);
		const delivered = await kassa.db
			.select()
			.from(webhookDeliveries)
			.where(eq(webhookDeliveries.endpointId, hook.id));
		expect(delivered).toHaveLength(100);
		expect(delivered.every((d) => d.status === 'succeeded')).toBe(true);
	});

	it('sends an endpoint only the types it subscribes to (empty and `*` mean all)', async () => {
		const { endpoint, record } = await shop();
		const only = await endpoint({ enabled_events: ['checkout_session.completed'] });
		const star = await endpoint({ enabled_events: ['*'] });
		const all = await endpoint();
		const two = await endpoint({
			enabled_events: ['payment_intent.succeeded', 'checkout_session.completed']
		});
		await record('payment_intent.succeeded');
		await record('checkout_session.completed', { object: 'checkout_session' });
		await record('payment_intent.cancelled');
		expect(await drain()).toBe(1 + 3 + 3 + 2);
		const every = [
			'checkout_session.completed',
			'payment_intent.cancelled',
			'payment_intent.succeeded'
		];
		expect(typesAt(only.path)).toEqual(['checkout_session.completed']);
		expect(typesAt(star.path)).toEqual(every);
		expect(typesAt(all.path)).toEqual(every);
		expect(typesAt(two.path)).toEqual(['checkout_session.completed', 'payment_intent.succeeded']);
	});

	it('sends nothing to a disabled or deleted endpoint, even one disabled after the event', async () => {
		const { principal, endpoint, record } = await shop();
		const off = await endpoint();
		await updateWebhookEndpoint(kassa, principal, off.id, { status: 'disabled' });
		const gone = await endpoint();
		await deleteWebhookEndpoint(kassa, principal, gone.id);
		const later = await endpoint();
		const eventId = await record();
		expect(await deliveryOf(eventId, off.id)).toBeUndefined();
		expect(await deliveryOf(eventId, gone.id)).toBeUndefined();
		expect((await deliveryOf(eventId, later.id))!.status).toBe('pending');
		await updateWebhookEndpoint(kassa, principal, later.id, { status: 'disabled' });

		await drain();
		for (const hook of [off, gone, later]) expect(receiver.at(hook.path)).toEqual([]);
		const skipped = (await deliveryOf(eventId, later.id))!;
		expect(skipped).toMatchObject({ status: 'disabled', attemptCount: 0, nextAttemptAt: null });
		expect(await attemptsOf(skipped.id)).toEqual([]);

		await updateWebhookEndpoint(kassa, principal, off.id, { status: 'enabled' });
		await record();
		await drain();
		expect(receiver.at(off.path)).toHaveLength(1);
	});

	it('disables the endpoint on 410, with its other waiting deliveries', async () => {
		const { principal, endpoint, record } = await shop();
		const hook = await endpoint();
		receiver.answer(hook.path, () => 500);
		const waiting = await record();
		await drain();
		expect((await deliveryOf(waiting, hook.id))!.status).toBe('pending');

		receiver.answer(hook.path, () => 410);
		const goneEvent = await record();
		await drain();
		expect((await getWebhookEndpoint(kassa, principal, hook.id)).status).toBe('disabled');
		const gone = (await deliveryOf(goneEvent, hook.id))!;
		expect(gone).toMatchObject({ status: 'disabled', attemptCount: 1, lastStatusCode: 410 });
		expect((await attemptsOf(gone.id))[0]).toMatchObject({ statusCode: 410, succeeded: false });
		expect((await deliveryOf(waiting, hook.id))!.status).toBe('disabled');

		const after = await record();
		offset += 6_000;
		await drain();
		expect(await deliveryOf(after, hook.id)).toBeUndefined();
		expect(receiver.at(hook.path)).toHaveLength(2);
	});

	it('honours Retry-After and counts a redirect as a failure without following it', async () => {
		const { endpoint, record } = await shop();
		const busy = await endpoint();
		receiver.answer(busy.path, () => ({ status: 503, headers: { 'retry-after': '120' } }));
		const moved = await endpoint();
		const elsewhere = `${moved.path}/elsewhere`;
		receiver.answer(moved.path, () => ({
			status: 302,
			headers: { location: receiver.url(elsewhere) }
		}));
		const eventId = await record();
		const before = Date.now() + offset;
		await drain();

		const waiting = (await deliveryOf(eventId, busy.id))!;
		expect(waiting).toMatchObject({ status: 'pending', lastStatusCode: 503 });
		expect(waiting.nextAttemptAt!.getTime() - before).toBeGreaterThanOrEqual(119_000);
		const redirected = (await deliveryOf(eventId, moved.id))!;
		expect(redirected).toMatchObject({ status: 'pending', lastStatusCode: 302 });
		expect(redirected.lastError).toMatch(/redirect/);
		expect(receiver.at(moved.path)).toHaveLength(1);
		expect(receiver.at(elsewhere)).toEqual([]);
	});

	it('gives up after the last retry; a resend tries once more with the same id', async () => {
		const { principal, endpoint, record } = await shop();
		const hook = await endpoint();
		receiver.answer(hook.path, () => 500);
		const eventId = await record();
		const { id } = (await deliveryOf(eventId, hook.id))!;
		// Seven failures already: the eighth attempt is the last of the schedule.
		await kassa.db
			.update(webhookDeliveries)
			.set({ attemptCount: 7 })
			.where(eq(webhookDeliveries.id, id));
		await drain();
		expect((await deliveryOf(eventId, hook.id))!).toMatchObject({
			status: 'failed',
			attemptCount: 8,
			nextAttemptAt: null
		});

		receiver.answer(hook.path, () => 204);
		const resent = await resendEvent(kassa, principal, eventId);
		expect(resent.deliveries).toMatchObject([{ webhook_endpoint_id: hook.id, status: 'pending' }]);
		await drain();
		expect((await deliveryOf(eventId, hook.id))!).toMatchObject({
			status: 'succeeded',
			attemptCount: 9
		});
		expect(receiver.at(hook.path).map((r) => r.headers['webhook-id'])).toEqual([eventId, eventId]);
	});

	it('gives up on a receiver that does not answer within the timeout', async () => {
		const { endpoint, record } = await shop();
		const hook = await endpoint();
		receiver.answer(hook.path, () => ({ status: 200, hangMs: 3_000 }));
		const eventId = await record();
		await drain(startWebhookDelivery(kassa, { manual: true, now, timeoutMs: 300 }));
		const delivery = (await deliveryOf(eventId, hook.id))!;
		expect(delivery).toMatchObject({ status: 'pending', lastStatusCode: null });
		const [attempt] = await attemptsOf(delivery.id);
		expect(attempt!.error).toMatch(/timed out after 300 ms/);
		expect(attempt!.latencyMs).toBeGreaterThanOrEqual(290);
	});

	it('runs as a loop that a new event wakes at once, and stops cleanly', async () => {
		const { endpoint, record } = await shop();
		const hook = await endpoint();
		// A poll far longer than the test: only the event's NOTIFY can make it send in time.
		const loop = startWebhookDelivery(kassa, { pollMs: 60_000, now });
		try {
			await new Promise((resolve) => setTimeout(resolve, 100));
			const eventId = await record();
			for (let i = 0; i < 100 && receiver.at(hook.path).length === 0; i++) {
				await new Promise((resolve) => setTimeout(resolve, 50));
			}
			expect(receiver.at(hook.path).map((r) => r.headers['webhook-id'])).toEqual([eventId]);
		} finally {
			await loop.stop();
		}
	});

	it('keeps modes and accounts apart: a test event never goes to a live endpoint', async () => {
		const { principal, endpoint, record } = await shop();
		const test = await endpoint();
		const live = await createWebhookEndpoint(
			kassa,
			{ ...principal, mode: 'live', livemode: true },
			{ url: 'https://hooks.shop.example/kassa' },
			{ resolver: async () => ['93.184.215.14'] }
		);
		const other = await (await shop()).endpoint();
		const eventId = await record();
		expect(await deliveryOf(eventId, live.id)).toBeUndefined();
		expect(await deliveryOf(eventId, other.id)).toBeUndefined();
		expect(await deliveryOf(eventId, test.id)).toBeDefined();
		await updateWebhookEndpoint(kassa, principal, test.id, { status: 'disabled' });
		await drain();
	});
});
