import type { Handle } from '@sveltejs/kit';
import { randomUUID } from 'node:crypto';
import { KassaError } from '../errors';
import { errorResponse } from '../http/jsonResponse';
import { currentKassa } from '../runtime/Kassa';

const API_PATH = /^\/(api\/)?v1\//;

export const handleRequest: Handle = async ({ event, resolve }) => {
	const kassa = currentKassa();
	const requestId =
		event.request.headers.get('x-request-id')?.slice(0, 64) || `req_${randomUUID()}`;
	event.locals.kassa = kassa;
	event.locals.requestId = requestId;
	event.locals.log = kassa.log.child({ requestId });
	const started = performance.now();
	let response = await resolve(event, {
		transformPageChunk: ({ html }) => html.replace('%lang%', event.locals.lang ?? 'en')
	});
	const api = API_PATH.test(event.url.pathname);
	if (api && !response.headers.get('content-type')?.includes('application/json')) {
		response = apiFallback(response.status, event.request.method, event.url.pathname) ?? response;
	}
	response.headers.set('request-id', requestId);
	response.headers.set('x-content-type-options', 'nosniff');
	response.headers.set('referrer-policy', 'no-referrer');
	if (!api) response.headers.set('x-frame-options', 'DENY');
	event.locals.log.info(
		{
			method: event.request.method,
			path: event.url.pathname,
			status: response.status,
			ms: Math.round(performance.now() - started)
		},
		'request'
	);
	return response;
};

/** SvelteKit's own 404/405 answers are HTML or text; the API answers in its envelope. */
function apiFallback(status: number, method: string, path: string): Response | undefined {
	if (status === 404)
		return errorResponse(
			new KassaError('resource_missing', `Unrecognized request URL (${method}: ${path}).`)
		);
	if (status === 405)
		return errorResponse(
			new KassaError('method_not_allowed', `${method} is not allowed on ${path}.`)
		);
	return undefined;
}
