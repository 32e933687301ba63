import type { RequestEvent, RequestHandler } from '@sveltejs/kit';
import type { Principal } from '../accounts/accounts';
import { withIdempotency } from '../idempotency/withIdempotency';
import type { Kassa } from '../runtime/Kassa';
import { bearerPrincipal } from './bearerPrincipal';
import { JSON_HEADERS, errorResponse, toKassaError } from './jsonResponse';
import { readJsonBody } from './readJsonBody';

export interface ApiContext {
	kassa: Kassa;
	principal: Principal;
	body: unknown;
	url: URL;
	params: Record<string, string>;
	request: Request;
}

export interface ApiResult {
	status?: number;
	body: unknown;
}

type Work = (ctx: ApiContext) => Promise<ApiResult | object>;

const isResult = (value: object): value is ApiResult =>
	'body' in value && Object.keys(value).every((k) => k === 'body' || k === 'status');

/**
 * The one wrapper of every merchant API route: secret-key auth, JSON body, Idempotency-Key on
 * POST and PATCH, and the error envelope. Routes stay parse → one service call → respond.
 */
export function apiHandler(work: Work): RequestHandler {
	return async (event: RequestEvent) => {
		const kassa = event.locals.kassa;
		try {
			const principal = await bearerPrincipal(kassa, event.request);
			const mutation = event.request.method === 'POST' || event.request.method === 'PATCH';
			const { value, text } = mutation
				? await readJsonBody(event.request)
				: { value: {}, text: '' };
			const ctx: ApiContext = {
				kassa,
				principal,
				body: value,
				url: event.url,
				params: event.params as Record<string, string>,
				request: event.request
			};
			const run = async () => {
				try {
					const out = await work(ctx);
					const result = isResult(out) ? out : { body: out };
					return { status: result.status ?? 200, body: JSON.stringify(result.body) };
				} catch (error) {
					const failure = toKassaError(error);
					if (failure.status >= 500) throw error;
					return { status: failure.status, body: JSON.stringify(failure.toBody()) };
				}
			};
			const key = mutation ? event.request.headers.get('idempotency-key') : null;
			const response =
				key === null
					? { ...(await run()), replayed: false }
					: await withIdempotency(
							kassa.db,
							principal,
							{ key, method: event.request.method, path: event.url.pathname, body: text },
							run
						);
			const headers: Record<string, string> = { ...JSON_HEADERS };
			if (response.replayed) headers['idempotent-replayed'] = 'true';
			return new Response(response.body, { status: response.status, headers });
		} catch (error) {
			const failure = toKassaError(error);
			if (failure.status >= 500) event.locals.log.error({ err: error }, 'request failed');
			return errorResponse(failure);
		}
	};
}
