import type { Principal } from '../accounts/accounts';
import { notFound } from '../errors';
import { listPage } from '../http/listParams';
import type { Kassa } from '../runtime/Kassa';
import { findSession, listSessions, type SessionRow } from './repo';
import { sessionObject } from './sessionObject';

export async function listCheckoutSessions(
	kassa: Kassa,
	principal: Principal,
	params: { limit: number; starting_after?: string; status?: SessionRow['status'] }
) {
	const after = params.starting_after
		? await findSession(kassa.db, principal, params.starting_after)
		: undefined;
	if (params.starting_after && !after)
		throw notFound('checkout session', params.starting_after, 'starting_after');
	const rows = await listSessions(kassa.db, principal, {
		limit: params.limit,
		after,
		status: params.status
	});
	return listPage(
		rows.map((row) => sessionObject(kassa, row)),
		params.limit,
		'/api/v1/checkout_sessions'
	);
}
