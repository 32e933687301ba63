import { apiReference } from '$lib/server/openapi/apiReference';
import { buildOpenApiDocument } from '$lib/server/openapi/buildOpenApiDocument';
import type { PageServerLoad } from './$types';

// A reading page: server-rendered HTML, no client-side JavaScript.
export const csr = false;

export const load: PageServerLoad = ({ locals }) =>
	apiReference(buildOpenApiDocument(locals.kassa.config.publicBaseUrl));
