import { KassaError } from '../errors';

export const JSON_HEADERS = {
	'content-type': 'application/json; charset=utf-8',
	'cache-control': 'no-store'
} as const;

export function jsonResponse(
	body: unknown,
	status = 200,
	headers: Record<string, string> = {}
): Response {
	return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

export function errorResponse(error: KassaError): Response {
	return jsonResponse(error.toBody(), error.status, error.headers);
}

/** Anything that is not a KassaError is a bug: logged in full, answered with no internals. */
export function toKassaError(error: unknown): KassaError {
	if (error instanceof KassaError) return error;
	return new KassaError('internal_error', 'An internal error occurred. It has been logged.', {
		cause: error
	});
}
