import type { Principal } from '../../accounts/accounts';
import { notFound } from '../../errors';
import { listPage, type ListParams } from '../../http/listParams';
import type { Kassa } from '../../runtime/Kassa';
import { findEndpoint } from '../repo';
import { attemptObject } from './attemptObject';
import { findAttempt, listAttempts } from './repo';

/** Every attempt made at an endpoint, newest first; `event` narrows to one event's. */
export async function listWebhookAttempts(
	kassa: Kassa,
	principal: Principal,
	endpointId: string,
	params: ListParams & { event?: string }
) {
	if (!(await findEndpoint(kassa.db, principal, endpointId))) {
		throw notFound('webhook endpoint', endpointId);
	}
	const after = params.starting_after
		? await findAttempt(kassa.db, principal, endpointId, params.starting_after)
		: undefined;
	if (params.starting_after && !after) {
		throw notFound('webhook attempt', params.starting_after, 'starting_after');
	}
	const rows = await listAttempts(kassa.db, principal, endpointId, {
		limit: params.limit,
		after,
		eventId: params.event
	});
	return listPage(
		rows.map(attemptObject),
		params.limit,
		`/v1/webhook_endpoints/${endpointId}/attempts`
	);
}
