import { JSON_HEADERS, errorResponse, toKassaError } from '$lib/server/http/jsonResponse';
import { getIntentStatus } from '$lib/server/intents/getIntentStatus';
import type { RequestHandler } from './$types';

/** Also answered by the server's fast path (same service, same bytes) when run by `npm start`. */
export const GET: RequestHandler = async ({ locals, request, params }) => {
	try {
		return new Response(
			await getIntentStatus(locals.kassa, request.headers.get('authorization'), params.id),
			{ headers: JSON_HEADERS }
		);
	} catch (error) {
		return errorResponse(toKassaError(error));
	}
};
