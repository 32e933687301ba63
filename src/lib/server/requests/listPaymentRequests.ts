import type { Principal } from '../accounts/accounts';
import type { PaymentRequestStatus } from '../db/tables/requests';
import { notFound } from '../errors';
import { listPage, type ListParams } from '../http/listParams';
import type { Kassa } from '../runtime/Kassa';
import { findRequest, listRequests } from './repo';
import { requestObject } from './requestObject';

export async function listPaymentRequests(
	kassa: Kassa,
	principal: Principal,
	params: ListParams & { status?: PaymentRequestStatus }
) {
	const after = params.starting_after
		? await findRequest(kassa.db, principal, params.starting_after)
		: undefined;
	if (params.starting_after && !after)
		throw notFound('payment request', params.starting_after, 'starting_after');
	const rows = await listRequests(kassa.db, principal, {
		limit: params.limit,
		after,
		status: params.status
	});
	return listPage(
		rows.map((row) => requestObject(kassa, row)),
		params.limit,
		'/api/v1/payment_requests'
	);
}
