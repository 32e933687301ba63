import type { Principal } from '../accounts/accounts';
import { notFound } from '../errors';
import type { Kassa } from '../runtime/Kassa';
import { endpointObject } from './endpointObject';
import { findEndpoint } from './repo';

export async function getWebhookEndpoint(kassa: Kassa, principal: Principal, id: string) {
	const row = await findEndpoint(kassa.db, principal, id);
	if (!row) throw notFound('webhook endpoint', id);
	return endpointObject(kassa, row);
}
