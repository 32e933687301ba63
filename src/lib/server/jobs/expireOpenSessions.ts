import { and, isNull, lte, eq } from 'drizzle-orm';
import type { Db } from '../db/openDatabase';
import { checkoutSessions } from '../db/tables/checkout';
import { recordEvent } from '../events/recordEvent';

/**
 * Sessions where no token was ever chosen expire by the wall clock (they are on no chain yet);
 * sessions with an intent expire with it, by their chain's clock, in the watcher.
 */
export async function expireOpenSessions(db: Db, now = new Date()): Promise<number> {
	return db.transaction(async (tx) => {
		const expired = await tx
			.update(checkoutSessions)
			.set({ status: 'expired', updatedAt: now })
			.where(
				and(
					eq(checkoutSessions.status, 'open'),
					isNull(checkoutSessions.paymentIntentId),
					lte(checkoutSessions.expiresAt, now)
				)
			)
			.returning();
		for (const s of expired) {
			await recordEvent(tx, {
				accountId: s.accountId,
				mode: s.mode,
				type: 'checkout_session.expired',
				object: { id: s.id, object: 'checkout_session', status: s.status, payment_intent_id: null }
			});
		}
		return expired.length;
	});
}
