import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setCurrentKassa, type Kassa } from '../../src/lib/server/runtime/Kassa';
import { WebhookEndpointObject } from '../../src/lib/server/webhooks/schemas';
import * as collection from '../../src/routes/v1/webhook_endpoints/+server';
import * as one from '../../src/routes/v1/webhook_endpoints/[id]/+server';
import { callRoute } from '../support/callRoute';
import { merchant } from '../support/merchant';
import { testKassa } from '../support/testKassa';

const HOOK = 'https://hooks.shop.example/kassa';

let kassa: Kassa;
let shop: Awaited<ReturnType<typeof merchant>>;
beforeAll(async () => {
	kassa = await testKassa();
	shop = await merchant(kassa);
});
afterAll(() => kassa.close());

const create = (body: unknown, key = shop.testKey, headers: Record<string, string> = {}) =>
	callRoute(collection.POST, { method: 'POST', path: '/v1/webhook_endpoints', key, body, headers });
const get = (id: string, key = shop.testKey) =>
	callRoute(one.GET, { path: `/v1/webhook_endpoints/${id}`, params: { id }, key });
const patch = (id: string, body: unknown, key = shop.testKey) =>
	callRoute(one.PATCH, {
		method: 'PATCH',
		path: `/v1/webhook_endpoints/${id}`,
		params: { id },
		key,
		body
	});
const remove = (id: string, key = shop.testKey) =>
	callRoute(one.DELETE, {
		method: 'DELETE',
		path: `/v1/webhook_endpoints/${id}`,
		params: { id },
		key
	});
const list = (query = '', key = shop.testKey) =>
	callRoute(collection.GET, { path: `/v1/webhook_endpoints${query}`, key });
const later = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('POST /v1/webhook_endpoints', () => {
	it('answers the interface sample with every WebhookEndpoint field, typed and prefixed', async () => {
		const res = await create({ url: HOOK });
		expect(res.status).toBe(200);
		const endpoint = WebhookEndpointObject.parse(res.json);
		for (const field of [
			'id',
			'account_id',
			'url',
			'enabled_events',
			'description',
			'secret',
			'metadata',
			'status',
			'created_at',
			'updated_at'
		]) {
			expect(res.json, field).toHaveProperty(field);
		}
		expect(endpoint).toMatchObject({
			object: 'webhook_endpoint',
			account_id: shop.accountId,
			livemode: false,
			url: HOOK,
			enabled_events: [],
			description: null,
			metadata: {},
			status: 'enabled'
		});
		expect(endpoint.id).toMatch(/^we_[0-9A-Za-z]{22}$/);
		expect(endpoint.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
		expect(endpoint.updated_at).toBe(endpoint.created_at);
		expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
		expect(Buffer.from(endpoint.secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
		expect((await create({ url: HOOK })).json.secret).not.toBe(endpoint.secret);
	});

	it('hands out a secret the Standard Webhooks libraries sign and verify with', async () => {
		const { secret } = (await create({ url: HOOK })).json;
		const webhook = new Webhook(secret);
		const body = '{"id":"evt_1"}';
		const timestamp = new Date();
		const headers = {
			'webhook-id': 'evt_1',
			'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
			'webhook-signature': webhook.sign('evt_1', timestamp, body)
		};
		expect(webhook.verify(body, headers)).toEqual({ id: 'evt_1' });
		const other = new Webhook((await create({ url: HOOK })).json.secret);
		expect(() => other.verify(body, headers)).toThrow();
	});

	it('echoes description, metadata and enabled_events (deduplicated, `*` allowed)', async () => {
		const res = await create({
			url: HOOK,
			description: 'Orders',
			metadata: { team: 'ops' },
			enabled_events: [
				'payment_intent.succeeded',
				'checkout_session.completed',
				'payment_intent.succeeded'
			]
		});
		expect(res.status).toBe(200);
		expect(res.json).toMatchObject({
			description: 'Orders',
			metadata: { team: 'ops' },
			enabled_events: ['payment_intent.succeeded', 'checkout_session.completed']
		});
		expect((await create({ url: HOOK, enabled_events: ['*'] })).json.enabled_events).toEqual(['*']);
	});

	const invalid: [string, unknown, string, string][] = [
		['missing url', {}, 'url', 'parameter_missing'],
		['ftp url', { url: 'ftp://hooks.shop.example/' }, 'url', 'parameter_invalid'],
		['relative url', { url: '/hooks' }, 'url', 'parameter_invalid'],
		[
			'unknown event type',
			{ url: HOOK, enabled_events: ['payment_intent.succeeded', 'payment_intent.exploded'] },
			'enabled_events[1]',
			'parameter_invalid'
		],
		[
			'misspelt event type',
			{ url: HOOK, enabled_events: ['payment_request.cancelled'] },
			'enabled_events[0]',
			'parameter_invalid'
		],
		[
			'enabled_events not a list',
			{ url: HOOK, enabled_events: 'payment_intent.succeeded' },
			'enabled_events',
			'parameter_invalid'
		],
		[
			'long metadata value',
			{ url: HOOK, metadata: { k: 'v'.repeat(501) } },
			'metadata.k',
			'parameter_invalid'
		],
		['status on create', { url: HOOK, status: 'disabled' }, 'status', 'parameter_unknown']
	];

	it.each(invalid)(
		'refuses %s with the envelope and param, creating nothing',
		async (_, body, param, code) => {
			const before = await list('?limit=100');
			const res = await create(body);
			expect(res.status).toBe(400);
			expect(res.json.error).toMatchObject({ type: 'invalid_request_error', code, param });
			expect(typeof res.json.error.message).toBe('string');
			expect((await list('?limit=100')).json.data).toHaveLength(before.json.data.length);
		}
	);

	it('names the unknown event type in the message', async () => {
		const res = await create({ url: HOOK, enabled_events: ['payment_intent.exploded'] });
		expect(res.json.error.message).toContain('payment_intent.exploded');
	});

	it('replays a create under the same Idempotency-Key with the same secret, byte for byte', async () => {
		const owner = await merchant(kassa, 'Idempotent');
		const headers = { 'idempotency-key': `we-${Math.random()}` };
		const first = await create({ url: HOOK }, owner.testKey, headers);
		const again = await create({ url: HOOK }, owner.testKey, headers);
		expect(again.status).toBe(200);
		expect(again.text).toBe(first.text);
		expect(again.json.secret).toBe(first.json.secret);
		expect(again.headers.get('idempotent-replayed')).toBe('true');
		expect((await list('', owner.testKey)).json.data).toHaveLength(1);
	});
});

describe('the signing secret at rest', () => {
	it('is stored only sealed: the raw table never holds it in clear', async () => {
		const { id, secret } = (await create({ url: HOOK })).json;
		const rows = await kassa.database.script((run) =>
			run(`SELECT * FROM webhook_endpoints WHERE id = '${id}'`)
		);
		expect(rows).toHaveLength(1);
		const raw = JSON.stringify(rows);
		expect(raw).not.toContain(secret);
		expect(raw).not.toContain(secret.slice('whsec_'.length));
		expect(raw).not.toContain(Buffer.from(secret.slice('whsec_'.length), 'base64').toString('hex'));
		expect(kassa.secrets.open(String(rows[0]!.secret_ciphertext))).toBe(secret);
	});
});

describe('GET and PATCH /v1/webhook_endpoints/:id', () => {
	it('reads the endpoint as created, secret included', async () => {
		const created = await create({ url: HOOK, metadata: { a: '1' } });
		const res = await get(created.json.id);
		expect(res.status).toBe(200);
		expect(res.json).toEqual(created.json);
	});

	it('changes the url, refreshes updated_at and keeps created_at and the secret', async () => {
		const created = (await create({ url: HOOK })).json;
		await later();
		const res = await patch(created.id, { url: 'https://new.shop.example/hooks' });
		expect(res.status).toBe(200);
		WebhookEndpointObject.parse(res.json);
		expect(res.json.url).toBe('https://new.shop.example/hooks');
		expect(res.json.created_at).toBe(created.created_at);
		expect(Date.parse(res.json.updated_at)).toBeGreaterThan(Date.parse(created.updated_at));
		expect(res.json.secret).toBe(created.secret);
		expect((await get(created.id)).json).toEqual(res.json);
	});

	it('disables and re-enables an endpoint', async () => {
		const { id } = (await create({ url: HOOK })).json;
		expect((await patch(id, { status: 'disabled' })).json.status).toBe('disabled');
		expect((await get(id)).json.status).toBe('disabled');
		expect((await patch(id, { status: 'enabled' })).json.status).toBe('enabled');
		const bad = await patch(id, { status: 'paused' });
		expect(bad.status).toBe(400);
		expect(bad.json.error.param).toBe('status');
	});

	it('replaces enabled_events and description, merges metadata Stripe-style', async () => {
		const { id } = (
			await create({ url: HOOK, description: 'Old', metadata: { keep: '1', drop: '2' } })
		).json;
		const res = await patch(id, {
			enabled_events: ['payment_request.paid'],
			description: null,
			metadata: { drop: '', add: '3' }
		});
		expect(res.json).toMatchObject({
			enabled_events: ['payment_request.paid'],
			description: null,
			metadata: { keep: '1', add: '3' }
		});
		expect((await patch(id, { enabled_events: [] })).json.enabled_events).toEqual([]);
		expect((await patch(id, { metadata: null })).json.metadata).toEqual({});
		const bad = await patch(id, { enabled_events: ['*', 'charge.succeeded'] });
		expect(bad.status).toBe(400);
		expect(bad.json.error).toMatchObject({ code: 'parameter_invalid', param: 'enabled_events[1]' });
		expect((await get(id)).json.enabled_events).toEqual([]);
		const unknown = await patch(id, { secret: 'whsec_mine' });
		expect(unknown.json.error).toMatchObject({ code: 'parameter_unknown', param: 'secret' });
	});
});

describe('listing', () => {
	it('pages newest first without gaps or repeats, showing each secret', async () => {
		const owner = await merchant(kassa, 'Pager');
		const ids: string[] = [];
		for (let i = 0; i < 5; i++)
			ids.push((await create({ url: `${HOOK}/${i}` }, owner.testKey)).json.id);
		const seen: string[] = [];
		let after: string | undefined;
		for (;;) {
			const page = await list(`?limit=2${after ? `&starting_after=${after}` : ''}`, owner.testKey);
			expect(page.json).toMatchObject({ object: 'list', url: '/v1/webhook_endpoints' });
			for (const endpoint of page.json.data) WebhookEndpointObject.parse(endpoint);
			seen.push(...page.json.data.map((e: { id: string }) => e.id));
			if (!page.json.has_more) break;
			after = seen.at(-1);
		}
		expect(seen).toEqual([...ids].reverse());
		expect((await list('?limit=0', owner.testKey)).json.error.param).toBe('limit');
		expect((await list('?starting_after=we_nope', owner.testKey)).json.error).toMatchObject({
			code: 'resource_missing',
			param: 'starting_after'
		});
	});
});

describe('DELETE /v1/webhook_endpoints/:id', () => {
	it('soft-deletes: answers Stripe-style, then 404 everywhere, the row kept', async () => {
		const owner = await merchant(kassa, 'Deleter');
		const [first, second, third] = [
			(await create({ url: HOOK }, owner.testKey)).json,
			(await create({ url: HOOK }, owner.testKey)).json,
			(await create({ url: HOOK }, owner.testKey)).json
		];
		const res = await remove(second.id, owner.testKey);
		expect(res.status).toBe(200);
		expect(res.json).toEqual({ id: second.id, object: 'webhook_endpoint', deleted: true });
		for (const again of [
			await get(second.id, owner.testKey),
			await patch(second.id, { status: 'enabled' }, owner.testKey),
			await remove(second.id, owner.testKey)
		]) {
			expect(again.status).toBe(404);
			expect(again.json.error).toMatchObject({
				type: 'invalid_request_error',
				code: 'resource_missing',
				param: 'id'
			});
		}
		expect((await list('', owner.testKey)).json.data.map((e: { id: string }) => e.id)).toEqual([
			third.id,
			first.id
		]);
		// A cursor deleted since the previous page still pages on.
		expect(
			(await list(`?starting_after=${second.id}`, owner.testKey)).json.data.map(
				(e: { id: string }) => e.id
			)
		).toEqual([first.id]);
		const rows = await kassa.database.script((run) =>
			run(`SELECT deleted_at FROM webhook_endpoints WHERE id = '${second.id}'`)
		);
		expect(rows[0]!.deleted_at).not.toBeNull();
	});
});

describe('account and mode isolation', () => {
	it('answers 404 to another account and to the other mode', async () => {
		const mine = (await create({ url: HOOK })).json;
		const other = await merchant(kassa, 'Other');
		for (const key of [other.testKey, other.liveKey, shop.liveKey]) {
			for (const res of [
				await get(mine.id, key),
				await patch(mine.id, { status: 'disabled' }, key),
				await remove(mine.id, key)
			]) {
				expect(res.status).toBe(404);
				expect(res.json.error.code).toBe('resource_missing');
			}
		}
		expect((await list('', other.testKey)).json).toMatchObject({
			object: 'list',
			data: [],
			has_more: false
		});
		expect((await list('', shop.liveKey)).json.data).toEqual([]);
		expect((await list(`?starting_after=${mine.id}`, shop.liveKey)).status).toBe(404);
		expect((await get(mine.id)).json).toEqual(mine);
	});

	it('keeps live endpoints out of test mode', async () => {
		const live = (await create({ url: HOOK }, shop.liveKey)).json;
		expect(live.livemode).toBe(true);
		expect((await get(live.id, shop.liveKey)).status).toBe(200);
		expect((await get(live.id, shop.testKey)).status).toBe(404);
		expect((await list('?limit=100')).json.data.map((e: { id: string }) => e.id)).not.toContain(
			live.id
		);
	});
});

describe('webhook URL rules', () => {
	const refusedInLive = [
		'http://hooks.shop.example/kassa',
		'https://127.0.0.1/hook',
		'https://10.0.0.1/hook',
		'https://169.254.169.254/latest/meta-data',
		'https://[::1]/hook',
		'https://localhost/hook',
		'https://192.168.1.20/hook',
		'https://[fd00:ec2::254]/hook',
		'https://[::ffff:127.0.0.1]/hook',
		'https://2130706433/hook'
	];

	it.each(refusedInLive)('live mode refuses %s on create and on update', async (url) => {
		const res = await create({ url }, shop.liveKey);
		expect(res.status).toBe(400);
		expect(res.json.error).toMatchObject({
			type: 'invalid_request_error',
			code: 'parameter_invalid',
			param: 'url'
		});
		const { id } = (await create({ url: HOOK }, shop.liveKey)).json;
		const update = await patch(id, { url }, shop.liveKey);
		expect(update.status).toBe(400);
		expect(update.json.error.param).toBe('url');
		expect((await get(id, shop.liveKey)).json.url).toBe(HOOK);
	});

	it('live mode accepts https on a public host', async () => {
		for (const url of [HOOK, 'https://93.184.215.14/hook', 'https://[2606:4700::1111]/hook']) {
			const res = await create({ url }, shop.liveKey);
			expect(res.status, url).toBe(200);
			expect(res.json.url).toBe(url);
		}
	});

	it('test mode allows http and private hosts while the operator allows them (the default here)', async () => {
		expect(kassa.config.allowPrivateWebhooks).toBe(true);
		for (const url of [
			'http://127.0.0.1:4242/hook',
			'http://localhost:3000/hook',
			'https://10.0.0.1/hook'
		]) {
			expect((await create({ url })).status, url).toBe(200);
		}
	});

	describe('with KASSA_ALLOW_PRIVATE_WEBHOOKS off', () => {
		let strict: Kassa;
		let owner: Awaited<ReturnType<typeof merchant>>;
		beforeAll(async () => {
			strict = await testKassa({ KASSA_ALLOW_PRIVATE_WEBHOOKS: 'off' });
			owner = await merchant(strict);
		});
		afterAll(async () => {
			await strict.close();
			setCurrentKassa(kassa);
		});

		it('test mode refuses private hosts and http too', async () => {
			expect(strict.config.allowPrivateWebhooks).toBe(false);
			for (const url of [
				'https://127.0.0.1/hook',
				'http://127.0.0.1:4242/hook',
				'http://hooks.shop.example/kassa'
			]) {
				const res = await create({ url }, owner.testKey);
				expect(res.status, url).toBe(400);
				expect(res.json.error).toMatchObject({ code: 'parameter_invalid', param: 'url' });
				expect(res.json.error.message).toContain('KASSA_ALLOW_PRIVATE_WEBHOOKS');
			}
			expect((await create({ url: HOOK }, owner.testKey)).status).toBe(200);
		});
	});
});

describe('methods', () => {
	it('exports exactly the interface methods, and an unsupported one answers 405 in the envelope', async () => {
		expect(Object.keys(collection).sort()).toEqual(['GET', 'POST']);
		expect(Object.keys(one).sort()).toEqual(['DELETE', 'GET', 'PATCH']);
		// SvelteKit answers a method the module does not export with a plain-text 405; the hook wraps it.
		const sveltekit405 = () =>
			new Response('PUT method not allowed', {
				status: 405,
				headers: { allow: 'GET, PATCH, DELETE' }
			});
		const res = await callRoute(sveltekit405, {
			method: 'PUT',
			path: '/v1/webhook_endpoints/we_1',
			key: shop.testKey,
			body: {}
		});
		expect(res.status).toBe(405);
		expect(res.json.error).toMatchObject({
			type: 'invalid_request_error',
			code: 'method_not_allowed'
		});
	});
});
