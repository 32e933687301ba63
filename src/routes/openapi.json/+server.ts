import { buildOpenApiDocument } from '$lib/server/openapi/buildOpenApiDocument';
import type { RequestHandler } from '@sveltejs/kit';

/** Public: the document describes the API, it opens nothing. */
export const GET: RequestHandler = ({ locals }) =>
	new Response(JSON.stringify(buildOpenApiDocument(locals.kassa.config.publicBaseUrl)), {
		headers: {
			'content-type': 'application/json; charset=utf-8',
			'cache-control': 'public, max-age=300',
			'access-control-allow-origin': '*'
		}
	});
