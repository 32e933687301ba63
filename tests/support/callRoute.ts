import type { RequestEvent } from '@sveltejs/kit';
import { handleRequest } from '../../src/lib/server/hooks/handleRequest';

export interface CallOptions {
	method?: string;
	path: string;
	params?: Record<string, string>;
	key?: string;
	body?: unknown;
	rawBody?: string;
	headers?: Record<string, string>;
}

export interface CallResult<T = any> {
	status: number;
	headers: Headers;
	text: string;
	json: T;
}

/** Drives a route's exported handler through the real `handle` hook, as SvelteKit would. */
/** Any route handler: a parameter of type `never` accepts every handler's own event type. */
type Handler = (event: never) => Response | Promise<Response>;

export async function callRoute<T = any>(
	handler: Handler,
	options: CallOptions
): Promise<CallResult<T>> {
	const headers = new Headers(options.headers);
	if (options.key) headers.set('authorization', `Bearer ${options.key}`);
	let body: string | undefined = options.rawBody;
	if (options.body !== undefined) {
		body = JSON.stringify(options.body);
		if (!headers.has('content-type')) headers.set('content-type', 'application/json');
	}
	const url = new URL(options.path, 'http://kassa.test');
	const request = new Request(url, { method: options.method ?? 'GET', headers, body });
	const event = {
		request,
		url,
		params: options.params ?? {},
		locals: {},
		route: { id: null },
		cookies: { get: () => undefined, getAll: () => [], set() {}, delete() {}, serialize: () => '' },
		fetch,
		getClientAddress: () => '127.0.0.1',
		platform: undefined,
		setHeaders() {},
		isDataRequest: false,
		isSubRequest: false,
		isRemoteRequest: false,
		tracing: { enabled: false, root: undefined, current: undefined }
	} as unknown as RequestEvent;
	const response = await handleRequest({ event, resolve: (e) => handler(e as never) });
	const text = await response.text();
	let json: T = undefined as T;
	try {
		json = JSON.parse(text) as T;
	} catch {
		// Not JSON: the caller asserts on `text`.
	}
	return { status: response.status, headers: response.headers, text, json };
}
