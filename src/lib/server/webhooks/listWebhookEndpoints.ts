import type { Principal } from '../accounts/accounts';
import { notFound } from '../errors';
import type { ListParams } from '../http/listParams';
import { listPage } from '../http/listParams';
import type { Kassa } from '../runtime/Kassa';
import { endpointObject } from './endpointObject';
import { findEndpointCursor, listEndpoints } from './repo';

export async function listWebhookEndpoints(kassa: Kassa, principal: Principal, params: ListParams) {
	const after = params.starting_after
		? await findEndpointCursor(kassa.db, principal, params.starting_after)
		: undefined;
	if (params.starting_after && !after)
		throw notFound('webhook endpoint', params.starting_after, 'starting_after');
	const rows = await listEndpoints(kassa.db, principal, { limit: params.limit, after });
	return listPage(
		rows.map((row) => endpointObject(kassa, row)),
		params.limit,
		'/v1/webhook_endpoints'
	);
}
