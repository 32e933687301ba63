import type { Principal } from '../accounts/accounts';
import { notFound } from '../errors';
import { listPage } from '../http/listParams';
import type { Kassa } from '../runtime/Kassa';
import { intentObject } from './intentObject';
import { findIntent, intentTransfers, listIntents } from './repo';

export async function listPaymentIntents(
	kassa: Kassa,
	principal: Principal,
	params: { limit: number; starting_after?: string }
) {
	const after = params.starting_after
		? await findIntent(kassa.db, principal, params.starting_after)
		: undefined;
	if (params.starting_after && !after)
		throw notFound('payment intent', params.starting_after, 'starting_after');
	const rows = await listIntents(kassa.db, principal, { limit: params.limit, after });
	const data = await Promise.all(
		rows
			.slice(0, params.limit)
			.map(async (row) => intentObject(row, await intentTransfers(kassa.db, row.id)))
	);
	return {
		...listPage(data, params.limit, '/v1/payment_intents'),
		has_more: rows.length > params.limit
	};
}
