import { and, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../db/openDatabase';
import { checkoutSessions } from '../db/tables/checkout';

/** Records `accessed_at` the first time the hosted page is served; later visits leave it alone. */
export async function markAccessed(db: Queryable, sessionId: string, now = new Date()) {
	await db
		.update(checkoutSessions)
		.set({ accessedAt: now })
		.where(and(eq(checkoutSessions.id, sessionId), isNull(checkoutSessions.accessedAt)));
}
