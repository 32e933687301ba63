import { apiHandler } from '$lib/server/http/apiHandler';
import { listParams } from '$lib/server/http/listParams';
import { listWebhookAttempts } from '$lib/server/webhooks/delivery/listWebhookAttempts';
import { ListWebhookAttemptsQuery } from '$lib/server/webhooks/delivery/schemas';

export const GET = apiHandler(({ kassa, principal, params, url }) =>
	listWebhookAttempts(kassa, principal, params.id!, listParams(url, ListWebhookAttemptsQuery))
);
