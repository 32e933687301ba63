import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutSessionObject } from '../../src/lib/server/checkout/schemas';
import type { Kassa } from '../../src/lib/server/runtime/Kassa';
import * as collection from '../../src/routes/api/v1/checkout_sessions/+server';
import * as one from '../../src/routes/api/v1/checkout_sessions/[id]/+server';
import * as expire from '../../src/routes/api/v1/checkout_sessions/[id]/expire/+server';
import { callRoute } from '../support/callRoute';
import { merchant } from '../support/merchant';
import { testKassa } from '../support/testKassa';

/** The request body of the interface's own sample. */
const sample = () => ({
	success_url: 'https://shop.example/success?session={CHECKOUT_SESSION_ID}',
	cancel_url: 'https://shop.example/cancel',
	currency: 'usd',
	line_items: [
		{
			unit_amount: '20.00',
			quantity: 1,
			product_data: {
				name: 'T-shirt',
				description: 'Organic cotton',
				images: ['https://shop.example/t.png']
			}
		}
	],
	discounts: [],
	supported_tokens: [
		{ chain: 'base', currency: 'USDC' },
		{ chain: 'ethereum', currency: 'USDT' }
	]
});

let kassa: Kassa;
let shop: Awaited<ReturnType<typeof merchant>>;
beforeAll(async () => {
	kassa = await testKassa();
	shop = await merchant(kassa);
});
afterAll(() => kassa.close());

const create = (body: unknown, key = shop.testKey, headers: Record<string, string> = {}) =>
	callRoute(collection.POST, {
		method: 'POST',
		path: '/api/v1/checkout_sessions',
		key,
		body,
		headers
	});

describe('POST /api/v1/checkout_sessions', () => {
	it('answers the interface sample with every CheckoutSession field, typed and prefixed', async () => {
		const res = await create(sample());
		expect(res.status).toBe(200);
		const session = CheckoutSessionObject.parse(res.json);
		for (const field of [
			'id',
			'account_id',
			'payment_intent_id',
			'success_url',
			'cancel_url',
			'return_url',
			'url',
			'amount_subtotal',
			'amount_total',
			'currency',
			'chain',
			'selected_token',
			'supported_tokens',
			'mode',
			'discounts',
			'line_items',
			'status',
			'customer_id',
			'customer_email',
			'csrf_token',
			'description',
			'metadata',
			'exchange_rate',
			'expired_at',
			'used_at',
			'accessed_at',
			'created_at',
			'updated_at'
		]) {
			expect(res.json, field).toHaveProperty(field);
		}
		expect(session.id).toMatch(/^chk_test_[0-9A-Za-z]{22}$/);
		expect(session.account_id).toBe(shop.accountId);
		expect(session.currency).toBe('USD');
		expect(session.status).toBe('open');
		expect(session.mode).toBe('payment');
		expect(session.discounts).toEqual([]);
		expect(session.amount_subtotal).toBe('20.00');
		expect(session.amount_total).toBe('20.00');
		expect(session.line_items[0]).toMatchObject({
			unit_amount: '20.00',
			quantity: 1,
			amount_total: '20.00',
			product_data: { name: 'T-shirt' }
		});
		for (const field of [
			'payment_intent_id',
			'return_url',
			'selected_token',
			'chain',
			'customer_id',
			'customer_email',
			'description',
			'metadata',
			'exchange_rate',
			'used_at',
			'accessed_at'
		] as const) {
			expect(session[field], field).toBeNull();
		}
		expect(session.url).toBe(`http://kassa.test/checkout?session_id=${session.id}`);
		expect(session.csrf_token).toMatch(/^[0-9a-f]{64}$/);
		expect(Date.parse(session.expired_at) - Date.parse(session.created_at)).toBe(3_600_000);
		expect(session.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
		expect(session.supported_tokens).toHaveLength(2);
		expect(session.supported_tokens[0]).toMatchObject({
			chain: 'base',
			currency: 'USDC',
			decimals: 6,
			name: 'USD Coin',
			chain_name: expect.stringContaining('Base Sepolia')
		});
		expect(session.supported_tokens[1]).toMatchObject({
			chain: 'ethereum',
			currency: 'USDT',
			decimals: 6,
			chain_name: expect.stringContaining('Sepolia')
		});
		expect(session.supported_tokens[0]!.chain_logo_url).toBe(
			'http://kassa.test/logos/chains/base.svg'
		);
		expect(session.supported_tokens[0]!.currency_logo_url).toBe(
			'http://kassa.test/logos/tokens/usdc.svg'
		);
	});

	it('applies discounts in order, rounding half up, and echoes optional fields', async () => {
		const body = {
			...sample(),
			line_items: [
				{ unit_amount: '10.05', quantity: 3, product_data: { name: 'Mug' } },
				{ unit_amount: '0.99', quantity: 1, product_data: { name: 'Sticker' } }
			],
			discounts: [{ name: 'Welcome', amount_off: '1.00' }, { percent_off: 12.5 }],
			customer_email: 'buyer@example.com',
			customer_id: 'cus_42',
			client_reference_id: 'order-7',
			description: 'Order 7',
			metadata: { order: '7' },
			return_url: 'https://shop.example/back'
		};
		const res = await create(body);
		expect(res.status).toBe(200);
		// 30.15 + 0.99 = 31.14; − 1.00 = 30.14; 12.5 % of 30.14 = 3.7675 → 3.77; total 26.37
		expect(res.json.amount_subtotal).toBe('31.14');
		expect(res.json.amount_total).toBe('26.37');
		expect(res.json.discounts).toEqual([
			{ name: 'Welcome', amount_off: '1.00', percent_off: null, amount: '1.00' },
			{ name: null, amount_off: null, percent_off: 12.5, amount: '3.77' }
		]);
		expect(res.json).toMatchObject({
			customer_email: 'buyer@example.com',
			customer_id: 'cus_42',
			client_reference_id: 'order-7',
			description: 'Order 7',
			metadata: { order: '7' },
			return_url: 'https://shop.example/back'
		});
		expect(res.json.success_url).toContain('{CHECKOUT_SESSION_ID}');
	});

	it('prices zero-decimal currencies in whole units and offers every priced token by default', async () => {
		const eur = await create({ ...sample(), currency: 'eur', supported_tokens: undefined });
		expect(eur.status).toBe(200);
		expect(eur.json.supported_tokens.map((t: { currency: string }) => t.currency)).toEqual([
			'EURC',
			'EURC'
		]);
		const jpy = await create({
			...sample(),
			currency: 'JPY',
			line_items: [{ unit_amount: '1250', quantity: 2, product_data: { name: 'x' } }],
			supported_tokens: undefined
		});
		expect(jpy.status).toBe(400);
		expect(jpy.json.error.param).toBe('currency');
	});

	it('honours expires_at between 30 minutes and 24 hours', async () => {
		const inTwoHours = Math.floor(Date.now() / 1000) + 7200;
		const ok = await create({ ...sample(), expires_at: inTwoHours });
		expect(Date.parse(ok.json.expired_at)).toBe(inTwoHours * 1000);
		expect(
			(await create({ ...sample(), expires_at: Math.floor(Date.now() / 1000) + 600 })).json.error
				.param
		).toBe('expires_at');
		expect(
			(await create({ ...sample(), expires_at: Math.floor(Date.now() / 1000) + 90_000 })).json.error
				.param
		).toBe('expires_at');
	});

	const invalid: [
		string,
		(b: ReturnType<typeof sample>) => unknown,
		number,
		string | undefined,
		string
	][] = [
		[
			'missing success_url',
			({ success_url: _, ...b }) => b,
			400,
			'success_url',
			'parameter_missing'
		],
		['missing currency', ({ currency: _, ...b }) => b, 400, 'currency', 'parameter_missing'],
		['missing line_items', ({ line_items: _, ...b }) => b, 400, 'line_items', 'parameter_missing'],
		[
			'ftp success_url',
			(b) => ({ ...b, success_url: 'ftp://x.example/' }),
			400,
			'success_url',
			'parameter_invalid'
		],
		[
			'javascript cancel_url',
			(b) => ({ ...b, cancel_url: 'javascript:alert(1)' }),
			400,
			'cancel_url',
			'parameter_invalid'
		],
		['no line items', (b) => ({ ...b, line_items: [] }), 400, 'line_items', 'parameter_invalid'],
		[
			'101 line items',
			(b) => ({ ...b, line_items: Array.from({ length: 101 }, () => b.line_items[0]) }),
			400,
			'line_items',
			'parameter_invalid'
		],
		[
			'quantity 0',
			(b) => ({ ...b, line_items: [{ ...b.line_items[0]!, quantity: 0 }] }),
			400,
			'line_items[0].quantity',
			'parameter_invalid'
		],
		[
			'quantity 1.5',
			(b) => ({ ...b, line_items: [{ ...b.line_items[0]!, quantity: 1.5 }] }),
			400,
			'line_items[0].quantity',
			'parameter_invalid'
		],
		[
			'negative amount',
			(b) => ({ ...b, line_items: [{ ...b.line_items[0]!, unit_amount: '-1.00' }] }),
			400,
			'line_items[0].unit_amount',
			'parameter_invalid'
		],
		[
			'three decimals in USD',
			(b) => ({ ...b, line_items: [{ ...b.line_items[0]!, unit_amount: '1.005' }] }),
			400,
			'line_items[0].unit_amount',
			'parameter_invalid'
		],
		[
			'number amount',
			(b) => ({ ...b, line_items: [{ ...b.line_items[0]!, unit_amount: 20 }] }),
			400,
			'line_items[0].unit_amount',
			'parameter_invalid'
		],
		['unknown currency', (b) => ({ ...b, currency: 'xyz' }), 400, 'currency', 'parameter_invalid'],
		[
			'unknown token',
			(b) => ({ ...b, supported_tokens: [{ chain: 'base', currency: 'USDX' }] }),
			400,
			'supported_tokens[0]',
			'parameter_invalid'
		],
		[
			'unknown chain',
			(b) => ({ ...b, supported_tokens: [{ chain: 'USDC', currency: 'solana' }] }),
			400,
			'supported_tokens[0]',
			'parameter_invalid'
		],
		[
			'token of another peg',
			(b) => ({ ...b, supported_tokens: [{ chain: 'base', currency: 'EURC' }] }),
			400,
			'supported_tokens[0]',
			'parameter_invalid'
		],
		[
			'51 metadata keys',
			(b) => ({
				...b,
				metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v']))
			}),
			400,
			'metadata',
			'parameter_invalid'
		],
		[
			'long metadata value',
			(b) => ({ ...b, metadata: { k: 'v'.repeat(501) } }),
			400,
			'metadata.k',
			'parameter_invalid'
		],
		[
			'discount below zero',
			(b) => ({ ...b, discounts: [{ amount_off: '25.00' }] }),
			400,
			'discounts[0]',
			'parameter_invalid'
		],
		[
			'discount with both kinds',
			(b) => ({ ...b, discounts: [{ amount_off: '1.00', percent_off: 5 }] }),
			400,
			'discounts[0]',
			'parameter_invalid'
		],
		['unknown parameter', (b) => ({ ...b, colour: 'red' }), 400, 'colour', 'parameter_unknown'],
		['body not an object', () => [1, 2], 400, undefined, 'parameter_invalid']
	];

	it.each(invalid)(
		'refuses %s with the envelope and param, creating nothing',
		async (_, change, status, param, code) => {
			const before = await callRoute(collection.GET, {
				path: '/api/v1/checkout_sessions?limit=100',
				key: shop.testKey
			});
			const res = await create(change(sample()));
			expect(res.status).toBe(status);
			expect(res.json.error).toMatchObject({ type: 'invalid_request_error', code });
			expect(res.json.error.param).toBe(param);
			expect(typeof res.json.error.message).toBe('string');
			const after = await callRoute(collection.GET, {
				path: '/api/v1/checkout_sessions?limit=100',
				key: shop.testKey
			});
			expect(after.json.data.length).toBe(before.json.data.length);
		}
	);

	it('answers 401, 415, 400 and 413 in the envelope', async () => {
		const noKey = await callRoute(collection.POST, {
			method: 'POST',
			path: '/api/v1/checkout_sessions',
			body: sample()
		});
		expect(noKey.status).toBe(401);
		expect(noKey.json.error).toMatchObject({
			type: 'authentication_error',
			code: 'api_key_missing'
		});
		expect((await create(sample(), 'sk_test_' + 'z'.repeat(32))).json.error.code).toBe(
			'api_key_invalid'
		);
		const form = await callRoute(collection.POST, {
			method: 'POST',
			path: '/api/v1/checkout_sessions',
			key: shop.testKey,
			rawBody: 'a=1',
			headers: { 'content-type': 'application/x-www-form-urlencoded' }
		});
		expect(form.status).toBe(415);
		const broken = await callRoute(collection.POST, {
			method: 'POST',
			path: '/api/v1/checkout_sessions',
			key: shop.testKey,
			rawBody: '{"a":',
			headers: { 'content-type': 'application/json' }
		});
		expect(broken.status).toBe(400);
		expect(broken.json.error.code).toBe('body_invalid');
		const huge = await create({ ...sample(), description: 'x'.repeat(1024 * 1024 + 10) });
		expect(huge.status).toBe(413);
		expect(huge.json.error.code).toBe('body_too_large');
	});
});

describe('idempotency', () => {
	it('replays the first response byte for byte, refuses another body under the key', async () => {
		const headers = { 'idempotency-key': `order-${Math.random()}` };
		const first = await create(sample(), shop.testKey, headers);
		const again = await create(sample(), shop.testKey, headers);
		expect(again.status).toBe(first.status);
		expect(again.text).toBe(first.text);
		expect(again.headers.get('idempotent-replayed')).toBe('true');
		expect(first.headers.get('idempotent-replayed')).toBeNull();
		const other = await create(
			{ ...sample(), currency: 'eur', supported_tokens: undefined },
			shop.testKey,
			headers
		);
		expect(other.status).toBe(422);
		expect(other.json.error).toMatchObject({
			type: 'idempotency_error',
			code: 'idempotency_key_reused'
		});
	});

	it('scopes keys to the account and mode', async () => {
		const other = await merchant(kassa, 'Other');
		const headers = { 'idempotency-key': 'shared-key' };
		const a = await create(sample(), shop.testKey, headers);
		const b = await create(sample(), other.testKey, headers);
		expect(b.json.id).not.toBe(a.json.id);
		expect(b.headers.get('idempotent-replayed')).toBeNull();
	});

	it('refuses a key while its first request is still running, and takes over a stale one', async () => {
		const key = `inflight-${Math.random()}`;
		await kassa.db.execute(
			`INSERT INTO idempotency_keys (account_id, mode, key, request_hash, state) VALUES ('${shop.accountId}', 'test', '${key}', 'x', 'in_flight')`
		);
		const busy = await create(sample(), shop.testKey, { 'idempotency-key': key });
		expect(busy.status).toBe(409);
		expect(busy.json.error.code).toBe('idempotency_key_in_use');
		await kassa.db.execute(
			`UPDATE idempotency_keys SET locked_at = now() - interval '61 seconds', request_hash = '${'0'.repeat(64)}' WHERE key = '${key}'`
		);
		const stale = await create(sample(), shop.testKey, { 'idempotency-key': key });
		expect(stale.status).toBe(422);
	});
});

describe('reading, listing, expiring', () => {
	it('reads and lists only the caller’s account and mode', async () => {
		const mine = await create(sample());
		const other = await merchant(kassa, 'Other');
		const get = (id: string, key: string) =>
			callRoute(one.GET, { path: `/api/v1/checkout_sessions/${id}`, params: { id }, key });
		expect((await get(mine.json.id, shop.testKey)).json).toEqual(mine.json);
		const cross = await get(mine.json.id, other.testKey);
		expect(cross.status).toBe(404);
		expect(cross.json.error.code).toBe('resource_missing');
		expect((await get(mine.json.id, shop.liveKey)).status).toBe(404);
		const liveList = await callRoute(collection.GET, {
			path: '/api/v1/checkout_sessions',
			key: shop.liveKey
		});
		expect(liveList.json).toMatchObject({ object: 'list', data: [], has_more: false });
	});

	it('pages newest first without gaps or repeats', async () => {
		const owner = await merchant(kassa, 'Pager');
		const ids: string[] = [];
		for (let i = 0; i < 5; i++) ids.push((await create(sample(), owner.testKey)).json.id);
		const seen: string[] = [];
		let after: string | undefined;
		for (;;) {
			const page = await callRoute(collection.GET, {
				path: `/api/v1/checkout_sessions?limit=2${after ? `&starting_after=${after}` : ''}`,
				key: owner.testKey
			});
			seen.push(...page.json.data.map((s: { id: string }) => s.id));
			if (!page.json.has_more) break;
			after = seen.at(-1);
		}
		expect(seen).toEqual(ids.reverse());
		const bad = await callRoute(collection.GET, {
			path: '/api/v1/checkout_sessions?limit=0',
			key: owner.testKey
		});
		expect(bad.json.error.param).toBe('limit');
	});

	it('expires an open session once', async () => {
		const session = await create(sample());
		const id = session.json.id;
		const first = await callRoute(expire.POST, {
			method: 'POST',
			path: `/api/v1/checkout_sessions/${id}/expire`,
			params: { id },
			key: shop.testKey
		});
		expect(first.status).toBe(200);
		expect(first.json.status).toBe('expired');
		const second = await callRoute(expire.POST, {
			method: 'POST',
			path: `/api/v1/checkout_sessions/${id}/expire`,
			params: { id },
			key: shop.testKey
		});
		expect(second.status).toBe(409);
		expect(second.json.error.code).toBe('checkout_session_not_open');
	});
});
