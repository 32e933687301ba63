import { apiHandler } from '$lib/server/http/apiHandler';
import { listParams } from '$lib/server/http/listParams';
import { parseInput } from '$lib/server/http/parseInput';
import { createWebhookEndpoint } from '$lib/server/webhooks/createWebhookEndpoint';
import { listWebhookEndpoints } from '$lib/server/webhooks/listWebhookEndpoints';
import { CreateWebhookEndpointInput } from '$lib/server/webhooks/schemas';

export const POST = apiHandler(({ kassa, principal, body }) =>
	createWebhookEndpoint(kassa, principal, parseInput(CreateWebhookEndpointInput, body))
);

export const GET = apiHandler(({ kassa, principal, url }) =>
	listWebhookEndpoints(kassa, principal, listParams(url))
);
