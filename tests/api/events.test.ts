import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../src/lib/server/accounts/accounts';
import { EventObject, EventWithDeliveries } from '../../src/lib/server/events/schemas';
import { recordEvent } from '../../src/lib/server/events/recordEvent';
import type { Kassa } from '../../src/lib/server/runtime/Kassa';
import type { Connector } from '../../src/lib/server/webhooks/delivery/httpConnector';
import { WebhookAttemptObject } from '../../src/lib/server/webhooks/delivery/schemas';
import { startWebhookDelivery } from '../../src/lib/server/webhooks/delivery/startWebhookDelivery';
import type { EventType } from '../../src/lib/server/webhooks/eventTypes';
import * as collection from '../../src/routes/v1/events/+server';
import * as one from '../../src/routes/v1/events/[id]/+server';
import * as resend from '../../src/routes/v1/events/[id]/resend/+server';
import * as attempts from '../../src/routes/v1/webhook_endpoints/[id]/attempts/+server';
import * as endpoints from '../../src/routes/v1/webhook_endpoints/+server';
import { callRoute } from '../support/callRoute';
import { merchant } from '../support/merchant';
import { testKassa } from '../support/testKassa';

let kassa: Kassa;
let shop: Awaited<ReturnType<typeof merchant>>;
beforeAll(async () => {
	kassa = await testKassa();
	shop = await merchant(kassa);
});
afterAll(() => kassa.close());

const list = (query = '', key = shop.testKey) =>
	callRoute(collection.GET, { path: `/v1/events${query}`, key });
const get = (id: string, key = shop.testKey) =>
	callRoute(one.GET, { path: `/v1/events/${id}`, params: { id }, key });
const resendEvent = (id: string, body: unknown = undefined, key = shop.testKey, headers = {}) =>
	callRoute(resend.POST, {
		method: 'POST',
		path: `/v1/events/${id}/resend`,
		params: { id },
		key,
		body,
		headers
	});
const attemptsOf = (id: string, query = '', key = shop.testKey) =>
	callRoute(attempts.GET, {
		path: `/v1/webhook_endpoints/${id}/attempts${query}`,
		params: { id },
		key
	});
const later = () => new Promise((resolve) => setTimeout(resolve, 5));

async function record(
	type: EventType,
	owner: { accountId: string; mode?: Principal['mode'] } = shop,
	object: Record<string, unknown> = {}
) {
	await later();
	return kassa.db.transaction((tx) =>
		recordEvent(tx, {
			accountId: owner.accountId,
			mode: owner.mode ?? 'test',
			type,
			object: { id: 'pay_1', object: 'payment_intent', status: 'succeeded', ...object }
		})
	);
}

/** Sends go to this stub: no network. Each URL is answered from its `answers`, then with 200. */
const sent: { url: string; body: string; id: string }[] = [];
const answers = new Map<string, number[]>();
const connector: Connector = async (request) => {
	sent.push({ url: request.url.href, body: request.body, id: request.headers['webhook-id']! });
	return { status: answers.get(request.url.href)?.shift() ?? 200, retryAfter: null };
};
const worker = () =>
	startWebhookDelivery(kassa, { manual: true, connector, resolver: async () => ['93.184.215.14'] });

describe('GET /v1/events', () => {
	it('lists the account’s events of the key’s mode, newest first, in the webhook shape', async () => {
		const owner = await merchant(kassa, 'Lister');
		const first = await record('payment_intent.succeeded', owner);
		const second = await record('checkout_session.completed', owner, {
			object: 'checkout_session'
		});
		await record('payment_intent.succeeded', { ...owner, mode: 'live' });
		const res = await list('', owner.testKey);
		expect(res.status).toBe(200);
		expect(res.json).toMatchObject({ object: 'list', has_more: false, url: '/v1/events' });
		expect(res.json.data.map((e: { id: string }) => e.id)).toEqual([second, first]);
		for (const event of res.json.data) EventObject.parse(event);
		expect(res.json.data[1]).toEqual({
			id: first,
			object: 'event',
			type: 'payment_intent.succeeded',
			created: expect.any(Number),
			livemode: false,
			data: { object: { id: 'pay_1', object: 'payment_intent', status: 'succeeded' } }
		});
		expect((await list('', owner.liveKey)).json.data).toHaveLength(1);
		expect((await list('', owner.liveKey)).json.data[0].livemode).toBe(true);
	});

	it('filters by type or by group, and pages with starting_after', async () => {
		const owner = await merchant(kassa, 'Filter');
		const a = await record('payment_intent.succeeded', owner);
		const b = await record('checkout_session.completed', owner);
		const c = await record('payment_intent.cancelled', owner);
		const ids = async (query: string) =>
			(await list(query, owner.testKey)).json.data.map((e: { id: string }) => e.id);
		expect(await ids('?type=checkout_session.completed')).toEqual([b]);
		expect(await ids('?type=payment_intent.*')).toEqual([c, a]);
		expect(await ids('?type=payment_request.paid')).toEqual([]);
		const page = await list('?limit=2', owner.testKey);
		expect(page.json.has_more).toBe(true);
		expect(await ids(`?limit=2&starting_after=${b}`)).toEqual([a]);
		expect(await ids(`?type=payment_intent.*&limit=1&starting_after=${c}`)).toEqual([a]);
	});

	it.each([
		['?type=payment_intent.exploded', 'type'],
		['?type=*', 'type'],
		['?limit=0', 'limit'],
		['?colour=red', 'colour']
	])('refuses %s naming the parameter', async (query, param) => {
		const res = await list(query);
		expect(res.status).toBe(400);
		expect(res.json.error.param).toBe(param);
	});

	it('answers 404 to a cursor of another account or mode', async () => {
		const other = await merchant(kassa, 'Other');
		const theirs = await record('payment_intent.succeeded', other);
		const res = await list(`?starting_after=${theirs}`);
		expect(res.status).toBe(404);
		expect(res.json.error).toMatchObject({ code: 'resource_missing', param: 'starting_after' });
	});
});

describe('GET /v1/events/:id', () => {
	it('answers 404 to another account and to the other mode', async () => {
		const mine = await record('payment_intent.succeeded');
		const other = await merchant(kassa, 'Other');
		for (const key of [other.testKey, other.liveKey, shop.liveKey]) {
			const res = await get(mine, key);
			expect(res.status).toBe(404);
			expect(res.json.error.code).toBe('resource_missing');
			expect((await resendEvent(mine, undefined, key)).status).toBe(404);
		}
		expect((await get('evt_nope')).status).toBe(404);
	});

	it('shows each delivery with every attempt, and the body sent is the event', async () => {
		const owner = await merchant(kassa, 'Deliveries');
		const hook = await callRoute(endpoints.POST, {
			method: 'POST',
			path: '/v1/webhook_endpoints',
			key: owner.testKey,
			body: { url: 'https://hooks.shop.example/kassa' }
		});
		const id = await record('payment_intent.succeeded', owner);
		const pending = EventWithDeliveries.parse((await get(id, owner.testKey)).json);
		expect(pending.deliveries).toMatchObject([
			{ webhook_endpoint_id: hook.json.id, status: 'pending', attempt_count: 0, attempts: [] }
		]);

		answers.set('https://hooks.shop.example/kassa', [500]);
		sent.length = 0;
		await worker().runOnce();
		const res = await get(id, owner.testKey);
		const event = EventWithDeliveries.parse(res.json);
		const [delivery] = event.deliveries;
		expect(delivery).toMatchObject({
			status: 'pending',
			attempt_count: 1,
			last_status_code: 500,
			last_error: 'HTTP 500'
		});
		expect(delivery!.next_attempt_at).not.toBeNull();
		expect(delivery!.attempts).toMatchObject([{ attempt: 1, succeeded: false, status_code: 500 }]);
		const { deliveries: _, ...body } = res.json;
		expect(sent.filter((s) => s.id === id)).toEqual([
			{ url: 'https://hooks.shop.example/kassa', body: JSON.stringify(body), id }
		]);
	});
});

describe('POST /v1/events/:id/resend', () => {
	it('sends the event again to each subscribed endpoint, with the same webhook-id', async () => {
		const owner = await merchant(kassa, 'Resend');
		const id = await record('payment_intent.succeeded', owner);
		const create = (body: unknown) =>
			callRoute(endpoints.POST, {
				method: 'POST',
				path: '/v1/webhook_endpoints',
				key: owner.testKey,
				body
			});
		// Added after the event: a resend reaches it too.
		const hook = (await create({ url: 'https://hooks.shop.example/a' })).json;
		await create({
			url: 'https://hooks.shop.example/b',
			enabled_events: ['checkout_session.expired']
		});
		expect((await get(id, owner.testKey)).json.deliveries).toEqual([]);

		const res = await resendEvent(id, undefined, owner.testKey, { 'idempotency-key': 'resend-1' });
		expect(res.status).toBe(200);
		expect(res.json.deliveries).toMatchObject([
			{ webhook_endpoint_id: hook.id, status: 'pending' }
		]);
		sent.length = 0;
		await worker().runOnce();
		const mine = () => sent.filter((s) => s.url.startsWith('https://hooks.shop.example/a'));
		expect(mine().map((s) => [s.url, s.id])).toEqual([['https://hooks.shop.example/a', id]]);

		const replay = await resendEvent(id, undefined, owner.testKey, {
			'idempotency-key': 'resend-1'
		});
		expect(replay.headers.get('idempotent-replayed')).toBe('true');
		expect((await get(id, owner.testKey)).json.deliveries[0].status).toBe('succeeded');
		expect((await resendEvent(id, {}, owner.testKey)).json.deliveries[0].status).toBe('pending');
		await worker().runOnce();
		expect(mine()).toHaveLength(2);
		expect((await resendEvent(id, { endpoint: 'we_1' }, owner.testKey)).json.error.param).toBe(
			'endpoint'
		);
	});
});

describe('GET /v1/webhook_endpoints/:id/attempts', () => {
	it('lists an endpoint’s attempts newest first, by event if asked, for its owner only', async () => {
		const owner = await merchant(kassa, 'Attempts');
		const hook = (
			await callRoute(endpoints.POST, {
				method: 'POST',
				path: '/v1/webhook_endpoints',
				key: owner.testKey,
				body: { url: 'https://hooks.shop.example/attempts' }
			})
		).json;
		const first = await record('payment_intent.succeeded', owner);
		answers.set('https://hooks.shop.example/attempts', [503]);
		await worker().runOnce();
		const second = await record('payment_intent.cancelled', owner);
		await worker().runOnce();

		const res = await attemptsOf(hook.id, '', owner.testKey);
		expect(res.status).toBe(200);
		expect(res.json).toMatchObject({
			object: 'list',
			has_more: false,
			url: `/v1/webhook_endpoints/${hook.id}/attempts`
		});
		for (const attempt of res.json.data) WebhookAttemptObject.parse(attempt);
		expect(
			res.json.data.map((a: { event_id: string; status_code: number }) => [
				a.event_id,
				a.status_code
			])
		).toEqual([
			[second, 200],
			[first, 503]
		]);
		const only = await attemptsOf(hook.id, `?event=${first}`, owner.testKey);
		expect(only.json.data).toHaveLength(1);
		const page = await attemptsOf(
			hook.id,
			`?limit=1&starting_after=${res.json.data[0].id}`,
			owner.testKey
		);
		expect(page.json.data.map((a: { id: string }) => a.id)).toEqual([res.json.data[1].id]);
		expect((await attemptsOf(hook.id)).status).toBe(404);
		expect((await attemptsOf(hook.id, '', owner.liveKey)).status).toBe(404);
		expect((await attemptsOf(hook.id, '?event=nope', owner.testKey)).json.error.param).toBe(
			'event'
		);
	});
});
