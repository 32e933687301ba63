import { apiHandler } from '$lib/server/http/apiHandler';
import { parseInput } from '$lib/server/http/parseInput';
import { deleteWebhookEndpoint } from '$lib/server/webhooks/deleteWebhookEndpoint';
import { getWebhookEndpoint } from '$lib/server/webhooks/getWebhookEndpoint';
import { UpdateWebhookEndpointInput } from '$lib/server/webhooks/schemas';
import { updateWebhookEndpoint } from '$lib/server/webhooks/updateWebhookEndpoint';

export const GET = apiHandler(({ kassa, principal, params }) =>
	getWebhookEndpoint(kassa, principal, params.id!)
);

export const PATCH = apiHandler(({ kassa, principal, params, body }) =>
	updateWebhookEndpoint(kassa, principal, params.id!, parseInput(UpdateWebhookEndpointInput, body))
);

export const DELETE = apiHandler(({ kassa, principal, params }) =>
	deleteWebhookEndpoint(kassa, principal, params.id!)
);
