import type { Queryable } from '../../db/openDatabase';
import type { EmailKind } from '../../db/tables/requests';
import { newId } from '../../ids/newId';
import type { RequestRow } from '../repo';
import { insertDelivery } from './repo';

/**
 * Records an e-mail to the request's customer in the caller's transaction; the worker sends it.
 * A request without `customer_email` gets none: its `url` is shared by the merchant.
 */
export async function queueEmail(
	db: Queryable,
	request: RequestRow,
	kind: EmailKind,
	now = new Date()
) {
	if (!request.customerEmail) return null;
	return insertDelivery(db, {
		id: newId('prd'),
		paymentRequestId: request.id,
		accountId: request.accountId,
		mode: request.mode,
		kind,
		recipient: request.customerEmail,
		locale: request.locale,
		status: 'pending',
		nextAttemptAt: now,
		createdAt: now,
		updatedAt: now
	});
}
