import type { Principal } from '../accounts/accounts';
import { KassaError, notFound } from '../errors';
import type { Kassa } from '../runtime/Kassa';
import { findSession, updateSessionStatus } from './repo';
import { sessionObject } from './sessionObject';
import { sessionTransition } from './sessionTransition';

/** Expires an open session on the merchant's request (Stripe's `expire`). */
export async function expireCheckoutSession(kassa: Kassa, principal: Principal, id: string) {
	const row = await findSession(kassa.db, principal, id);
	if (!row) throw notFound('checkout session', id);
	const status = sessionTransition(row.status, 'expire');
	const updated = await updateSessionStatus(kassa.db, principal, id, row.status, {
		status,
		expiresAt: new Date()
	});
	if (!updated)
		throw new KassaError(
			'state_conflict',
			'The checkout session changed while it was being expired; retry.'
		);
	return sessionObject(kassa, updated);
}
