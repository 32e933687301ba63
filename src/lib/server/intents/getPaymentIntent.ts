import type { Principal } from '../accounts/accounts';
import { notFound } from '../errors';
import type { Kassa } from '../runtime/Kassa';
import { intentObject } from './intentObject';
import { findIntent, intentTransfers } from './repo';

export async function getPaymentIntent(kassa: Kassa, principal: Principal, id: string) {
	const row = await findIntent(kassa.db, principal, id);
	if (!row) throw notFound('payment intent', id);
	return intentObject(row, await intentTransfers(kassa.db, id));
}
