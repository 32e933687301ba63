import type { Principal } from '../accounts/accounts';
import { notFound } from '../errors';
import type { Kassa } from '../runtime/Kassa';
import { deleteEndpoint } from './repo';
import type { DeletedWebhookEndpointObject } from './schemas';

/** Stripe's delete answer; the row stays, so the endpoint's delivery history is kept. */
export async function deleteWebhookEndpoint(
	kassa: Kassa,
	principal: Principal,
	id: string
): Promise<DeletedWebhookEndpointObject> {
	const row = await deleteEndpoint(kassa.db, principal, id);
	if (!row) throw notFound('webhook endpoint', id);
	return { id: row.id, object: 'webhook_endpoint', deleted: true };
}
