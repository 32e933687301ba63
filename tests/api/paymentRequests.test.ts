import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateAccount } from '../../src/lib/server/accounts/repo';
import { queryRows } from '../../src/lib/server/db/queryRows';
import { PaymentRequestObject } from '../../src/lib/server/requests/objectSchemas';
import type { Kassa } from '../../src/lib/server/runtime/Kassa';
import { requestApi, wholeTimeline } from '../requests/requestApi';
import { merchant } from '../support/merchant';
import { testKassa } from '../support/testKassa';

let kassa: Kassa;
let shop: Awaited<ReturnType<typeof merchant>>;
let key = '';
const api = requestApi(() => key);
beforeAll(async () => {
	kassa = await testKassa();
	shop = await merchant(kassa);
	key = shop.testKey;
});
afterAll(() => kassa.close());

const draft = (more: Record<string, unknown> = {}) => ({
	currency: 'usd',
	amount: '120.00',
	customer_email: 'payer@example.com',
	customer_name: 'Ada',
	description: 'Invoice 7',
	supported_tokens: [{ chain: 'base', currency: 'USDC' }],
	...more
});

describe('POST /api/v1/payment_requests', () => {
	it('creates a draft with every field of the documented object', async () => {
		const res = await api.create(draft({ metadata: { order: '7' } }));
		expect(res.status).toBe(200);
		const request = PaymentRequestObject.parse(res.json);
		expect(Object.keys(res.json).sort()).toEqual(Object.keys(PaymentRequestObject.shape).sort());
		expect(request).toMatchObject({
			object: 'payment_request',
			account_id: shop.accountId,
			livemode: false,
			status: 'draft',
			currency: 'USD',
			amount: '120.00',
			amount_paid: '0.00',
			amount_due: '120.00',
			line_items: [],
			url: null,
			branding: null,
			locale: 'en',
			overdue: false,
			metadata: { order: '7' }
		});
		expect(request.id).toMatch(/^pr_[0-9A-Za-z]{22}$/);
		expect(request.supported_tokens.map((t) => `${t.chain}/${t.currency}`)).toEqual(['base/USDC']);
	});

	it('prices line items, and defaults the tokens to every one priced in the currency', async () => {
		const res = await api.create({
			currency: 'EUR',
			line_items: [
				{ unit_amount: '10.00', quantity: 3, product_data: { name: 'Hour' } },
				{ unit_amount: '0.50', quantity: 1, product_data: { name: 'Fee' } }
			]
		});
		expect(res.json).toMatchObject({ amount: '30.50', customer_email: null });
		expect(res.json.line_items[0]).toMatchObject({ amount_total: '30.00', quantity: 3 });
		expect(
			res.json.supported_tokens.every((t: { currency: string }) => t.currency === 'EURC')
		).toBe(true);
	});

	it('refuses bad drafts naming the parameter', async () => {
		const cases: [Record<string, unknown>, number, string, string][] = [
			[
				{ line_items: [{ unit_amount: '1', quantity: 1, product_data: { name: 'x' } }] },
				400,
				'parameter_invalid',
				'amount'
			],
			[{ amount: undefined }, 400, 'parameter_missing', 'amount'],
			[{ amount: '0' }, 400, 'parameter_invalid', 'amount'],
			[{ amount: '1.005' }, 400, 'parameter_invalid', 'amount'],
			[{ colour: 'red' }, 400, 'parameter_unknown', 'colour'],
			[{ due_at: '2001-01-01T00:00:00Z' }, 400, 'parameter_invalid', 'due_at'],
			[{ locale: 'xx' }, 400, 'parameter_invalid', 'locale'],
			[{ replaces: 'pr_nope' }, 404, 'resource_missing', 'replaces']
		];
		for (const [more, status, code, param] of cases) {
			const res = await api.create(draft(more));
			expect([res.status, res.json.error.code, res.json.error.param], JSON.stringify(more)).toEqual(
				[status, code, param]
			);
		}
	});
});

describe('drafts, finalization and cancellation', () => {
	it('edits a draft, then finalizes it once: url, branding snapshot, locked terms', async () => {
		const { id } = (await api.create(draft({ metadata: { a: '1', b: '2' } }))).json;
		const edited = await api.update(id, {
			amount: '80.00',
			metadata: { b: '', c: '3' },
			locale: 'de'
		});
		expect(edited.status).toBe(200);
		expect(edited.json).toMatchObject({
			amount: '80.00',
			metadata: { a: '1', c: '3' },
			locale: 'de'
		});
		await updateAccount(kassa.db, shop.accountId, {
			displayName: 'Ada’s Shop',
			accentColor: '#112233'
		});
		const first = await api.finalize(id, `fin-${id}`);
		expect(first.status).toBe(200);
		expect(first.json).toMatchObject({
			status: 'open',
			url: `http://kassa.test/pay/${id}`,
			branding: { display_name: 'Ada’s Shop', accent_color: '#112233' }
		});
		const replay = await api.finalize(id, `fin-${id}`);
		expect(replay.text).toBe(first.text);
		expect(replay.headers.get('idempotent-replayed')).toBe('true');
		await updateAccount(kassa.db, shop.accountId, { displayName: 'Renamed' });
		expect((await api.get(id)).json.branding.display_name).toBe('Ada’s Shop');
		const again = await api.finalize(id);
		expect([again.status, again.json.error.code]).toEqual([409, 'payment_request_not_editable']);
		const patch = await api.update(id, { amount: '1.00' });
		expect([patch.status, patch.json.error.code]).toEqual([409, 'payment_request_not_editable']);
		const emails = await api.deliveries(id);
		expect(emails.json.data).toHaveLength(1);
		expect(emails.json.data[0]).toMatchObject({ kind: 'request', status: 'pending', locale: 'de' });
		const types = await queryRows<{ type: string }>(
			kassa.db,
			`SELECT type FROM events WHERE object_id = '${id}'`
		);
		expect(types.map((t) => t.type)).toEqual(['payment_request.finalized']);
	});

	it('cancels an open request without funds and its waiting e-mails', async () => {
		const { id } = (await api.create(draft())).json;
		await api.finalize(id);
		const canceled = await api.cancel(id);
		expect(canceled.status).toBe(200);
		expect(canceled.json).toMatchObject({ status: 'canceled' });
		expect(canceled.json.canceled_at).not.toBeNull();
		const emails = await api.deliveries(id, '?status=canceled');
		expect(emails.json.data).toHaveLength(1);
		expect((await api.deliveries(id, '?status=pending')).json.data).toEqual([]);
		const twice = await api.cancel(id);
		expect([twice.status, twice.json.error.code]).toEqual([409, 'payment_request_not_editable']);
		const timeline = (await api.timeline(id)).json.data.map((e: { type: string }) => e.type);
		expect(timeline).toEqual([
			'payment_request.canceled',
			'email.canceled',
			'payment_request.finalized',
			'payment_request.created'
		]);
	});

	it('lists by status, newest first, and hides requests from the other mode', async () => {
		const { id } = (await api.create(draft())).json;
		const drafts = (await api.list('?status=draft&limit=100')).json.data.map(
			(r: { id: string }) => r.id
		);
		expect(drafts[0]).toBe(id);
		const open = (await api.list('?status=open&limit=100')).json.data;
		expect(open.every((r: { status: string }) => r.status === 'open')).toBe(true);
		key = shop.liveKey;
		try {
			expect((await api.get(id)).status).toBe(404);
		} finally {
			key = shop.testKey;
		}
	});

	it('finalizing a replacement cancels the original in the same transaction', async () => {
		const original = (await api.create(draft())).json;
		await api.finalize(original.id);
		const replacement = (await api.create(draft({ amount: '110.00', replaces: original.id }))).json;
		const open = await api.finalize(replacement.id);
		expect(open.json).toMatchObject({ status: 'open', replaces: original.id });
		expect((await api.get(original.id)).json).toMatchObject({
			status: 'canceled',
			replaced_by: replacement.id
		});
		const closed = await api.create(draft({ replaces: original.id }));
		expect([closed.status, closed.json.error.param]).toEqual([400, 'replaces']);
	});

	it('keeps timeline ids stable and pages without gaps or repeats', async () => {
		const { id } = (await api.create(draft())).json;
		await api.update(id, { amount: '5.00' });
		await api.finalize(id);
		await api.cancel(id);
		const first = (await api.timeline(id, '?limit=100')).json.data;
		const second = (await api.timeline(id, '?limit=100')).json.data;
		expect(second).toEqual(first);
		expect(await wholeTimeline(api, id, 1)).toEqual(first);
		expect(await wholeTimeline(api, id, 2)).toEqual(first);
		const stamps = first.map((e: { created_at: string }) => Date.parse(e.created_at));
		expect([...stamps].sort((a, b) => b - a)).toEqual(stamps);
		const missing = await api.timeline(id, '?starting_after=prt_nope');
		expect([missing.status, missing.json.error.param]).toEqual([404, 'starting_after']);
	});
});
