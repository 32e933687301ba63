import type { Principal } from '../../accounts/accounts';
import { iso, isoOrNull } from '../../api/common';
import type { EmailStatus } from '../../db/tables/requests';
import { notFound } from '../../errors';
import { listPage, type ListParams } from '../../http/listParams';
import type { Kassa } from '../../runtime/Kassa';
import { findRequest } from '../repo';
import { findDelivery, listDeliveries, type EmailDeliveryRow } from './repo';

export const deliveryObject = (row: EmailDeliveryRow) => ({
	id: row.id,
	object: 'payment_request_delivery' as const,
	payment_request_id: row.paymentRequestId,
	kind: row.kind,
	recipient: row.recipient,
	locale: row.locale,
	status: row.status,
	attempt_count: row.attemptCount,
	next_attempt_at: isoOrNull(row.nextAttemptAt),
	last_attempt_at: isoOrNull(row.lastAttemptAt),
	last_error: row.lastError,
	transport: row.transport,
	sent_at: isoOrNull(row.sentAt),
	created_at: iso(row.createdAt),
	updated_at: iso(row.updatedAt)
});

/** The request's e-mails, newest first; `status` narrows to one delivery state. */
export async function listRequestDeliveries(
	kassa: Kassa,
	principal: Principal,
	requestId: string,
	params: ListParams & { status?: EmailStatus }
) {
	if (!(await findRequest(kassa.db, principal, requestId)))
		throw notFound('payment request', requestId);
	const after = params.starting_after
		? await findDelivery(kassa.db, requestId, params.starting_after)
		: undefined;
	if (params.starting_after && !after)
		throw notFound('delivery', params.starting_after, 'starting_after');
	const rows = await listDeliveries(kassa.db, requestId, {
		limit: params.limit,
		after,
		status: params.status
	});
	return listPage(
		rows.map(deliveryObject),
		params.limit,
		`/api/v1/payment_requests/${requestId}/deliveries`
	);
}
