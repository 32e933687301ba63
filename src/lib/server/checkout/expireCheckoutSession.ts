import type { Principal } from '../accounts/accounts';
import { notFound } from '../errors';
import type { Kassa } from '../runtime/Kassa';
import { closeOpenSession } from './closeOpenSession';
import { findSession } from './repo';
import { sessionObject } from './sessionObject';

/** Expires an open session on the merchant's request (Stripe's `expire`); 409 once funds are seen. */
export async function expireCheckoutSession(kassa: Kassa, principal: Principal, id: string) {
	return kassa.db.transaction(async (tx) => {
		const row = await findSession(tx, principal, id);
		if (!row) throw notFound('checkout session', id);
		return sessionObject(kassa, await closeOpenSession(kassa, tx, row));
	});
}
