import * as collection from '../../src/routes/api/v1/payment_requests/+server';
import * as one from '../../src/routes/api/v1/payment_requests/[id]/+server';
import * as cancel from '../../src/routes/api/v1/payment_requests/[id]/cancel/+server';
import * as deliveries from '../../src/routes/api/v1/payment_requests/[id]/deliveries/+server';
import * as finalize from '../../src/routes/api/v1/payment_requests/[id]/finalize/+server';
import * as payments from '../../src/routes/api/v1/payment_requests/[id]/payments/+server';
import * as timeline from '../../src/routes/api/v1/payment_requests/[id]/timeline/+server';
import { callRoute } from '../support/callRoute';

/** The payment request routes, driven through the real `handle` hook with one merchant key. */
export function requestApi(key: () => string) {
	const base = '/api/v1/payment_requests';
	const at = (id: string, tail = '') => ({ path: `${base}/${id}${tail}`, params: { id } });
	const headers = (idempotencyKey?: string): Record<string, string> =>
		idempotencyKey ? { 'idempotency-key': idempotencyKey } : {};
	return {
		create: (body: unknown, idempotencyKey?: string) =>
			callRoute(collection.POST, {
				method: 'POST',
				path: base,
				key: key(),
				body,
				headers: headers(idempotencyKey)
			}),
		list: (query = '') => callRoute(collection.GET, { path: `${base}${query}`, key: key() }),
		get: (id: string) => callRoute(one.GET, { ...at(id), key: key() }),
		update: (id: string, body: unknown) =>
			callRoute(one.PATCH, { method: 'PATCH', ...at(id), key: key(), body }),
		finalize: (id: string, idempotencyKey?: string) =>
			callRoute(finalize.POST, {
				method: 'POST',
				...at(id, '/finalize'),
				key: key(),
				headers: headers(idempotencyKey)
			}),
		cancel: (id: string) =>
			callRoute(cancel.POST, { method: 'POST', ...at(id, '/cancel'), key: key() }),
		payments: (id: string, query = '') =>
			callRoute(payments.GET, { ...at(id, `/payments${query}`), key: key() }),
		deliveries: (id: string, query = '') =>
			callRoute(deliveries.GET, { ...at(id, `/deliveries${query}`), key: key() }),
		timeline: (id: string, query = '') =>
			callRoute(timeline.GET, { ...at(id, `/timeline${query}`), key: key() })
	};
}

/** Every timeline entry, paged `limit` at a time with `starting_after`. */
export async function wholeTimeline(api: ReturnType<typeof requestApi>, id: string, limit: number) {
	const entries: { id: string; type: string }[] = [];
	for (let after = ''; ;) {
		const page = await api.timeline(
			id,
			`?limit=${limit}${after ? `&starting_after=${after}` : ''}`
		);
		entries.push(...page.json.data);
		if (!page.json.has_more) return entries;
		after = entries.at(-1)!.id;
	}
}
