import type { Principal } from '../accounts/accounts';
import { notFound } from '../errors';
import { listPage, type ListParams } from '../http/listParams';
import type { Kassa } from '../runtime/Kassa';
import { eventObject } from './eventObject';
import { findEvent, listEvents as listEventRows } from './repo';

export async function listEvents(
	kassa: Kassa,
	principal: Principal,
	params: ListParams & { type?: string }
) {
	const after = params.starting_after
		? await findEvent(kassa.db, principal, params.starting_after)
		: undefined;
	if (params.starting_after && !after)
		throw notFound('event', params.starting_after, 'starting_after');
	const rows = await listEventRows(kassa.db, principal, {
		limit: params.limit,
		after,
		type: params.type
	});
	return listPage(rows.map(eventObject), params.limit, '/v1/events');
}
