import type { Principal } from '../../accounts/accounts';
import { iso } from '../../api/common';
import { notFound } from '../../errors';
import { listPage, type ListParams } from '../../http/listParams';
import type { Kassa } from '../../runtime/Kassa';
import { findRequest } from '../repo';
import { findTimelineEntry, listTimeline, type TimelineRow } from './repo';

export const timelineObject = (row: TimelineRow) => ({
	id: row.id,
	object: 'payment_request_timeline_entry' as const,
	type: row.type,
	data: row.data,
	created_at: iso(row.createdAt)
});

/** Transitions, allocation events and e-mail attempts of one request, newest first. */
export async function listRequestTimeline(
	kassa: Kassa,
	principal: Principal,
	requestId: string,
	params: ListParams
) {
	if (!(await findRequest(kassa.db, principal, requestId)))
		throw notFound('payment request', requestId);
	const after = params.starting_after
		? await findTimelineEntry(kassa.db, requestId, params.starting_after)
		: undefined;
	if (params.starting_after && !after)
		throw notFound('timeline entry', params.starting_after, 'starting_after');
	const rows = await listTimeline(kassa.db, requestId, { limit: params.limit, after });
	return listPage(
		rows.map(timelineObject),
		params.limit,
		`/api/v1/payment_requests/${requestId}/timeline`
	);
}
