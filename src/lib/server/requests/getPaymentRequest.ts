import type { Principal } from '../accounts/accounts';
import { notFound } from '../errors';
import type { Kassa } from '../runtime/Kassa';
import { findRequest } from './repo';
import { requestObject } from './requestObject';

export async function getPaymentRequest(kassa: Kassa, principal: Principal, id: string) {
	const row = await findRequest(kassa.db, principal, id);
	if (!row) throw notFound('payment request', id);
	return requestObject(kassa, row);
}
