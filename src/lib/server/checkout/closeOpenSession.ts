import type { Tx } from '../db/openDatabase';
import { KassaError } from '../errors';
import { recordEvent } from '../events/recordEvent';
import { recomputeIntent } from '../intents/recomputeIntent';
import { intentTransfers } from '../intents/repo';
import type { Kassa } from '../runtime/Kassa';
import { findSessionForPage } from './findSessionForPage';
import { updateSessionStatus, type SessionRow } from './repo';
import { sessionObject } from './sessionObject';
import { sessionTransition } from './sessionTransition';

/**
 * Ends an open session that has received nothing (the merchant's expire, the shopper's cancel):
 * its intent is cancelled through the intent state machine, which expires the session with it.
 * Refused once any funds are seen: those are waited for.
 */
export async function closeOpenSession(
	kassa: Kassa,
	tx: Tx,
	session: SessionRow
): Promise<SessionRow> {
	sessionTransition(session.status, 'expire');
	if (session.paymentIntentId) {
		const transfers = await intentTransfers(tx, session.paymentIntentId);
		if (transfers.some((t) => t.state !== 'orphaned')) {
			throw new KassaError(
				'checkout_session_has_funds',
				'Funds have been seen for this checkout session; it completes or fails with them.'
			);
		}
		await recomputeIntent(kassa, tx, session.paymentIntentId, { cancelRequested: true });
		return (await findSessionForPage(tx, session.id))!;
	}
	const principal = {
		accountId: session.accountId,
		mode: session.mode,
		livemode: session.mode === 'live'
	};
	const expired = await updateSessionStatus(tx, principal, session.id, 'open', {
		status: 'expired'
	});
	if (!expired)
		throw new KassaError('state_conflict', 'The checkout session changed meanwhile; retry.');
	await recordEvent(tx, {
		accountId: session.accountId,
		mode: session.mode,
		type: 'checkout_session.expired',
		object: sessionObject(kassa, expired)
	});
	return expired;
}
