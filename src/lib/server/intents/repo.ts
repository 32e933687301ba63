import { and, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Principal } from '../accounts/accounts';
import type { Queryable } from '../db/openDatabase';
import { pageAfter } from '../db/pageAfter';
import { checkoutSessions } from '../db/tables/checkout';
import { type Mode } from '../db/tables/columns';
import {
	addressCounters,
	paymentIntents,
	transfers,
	watchedAddresses
} from '../db/tables/payments';

export type IntentRow = typeof paymentIntents.$inferSelect;
export type NewIntent = typeof paymentIntents.$inferInsert;
export type TransferRow = typeof transfers.$inferSelect;

const owned = (p: Principal) =>
	and(eq(paymentIntents.accountId, p.accountId), eq(paymentIntents.mode, p.mode));

/** The next derivation index for an xpub; the row lock makes it unique across accounts and instances. */
export async function allocateIndex(db: Queryable, xpub: string): Promise<number> {
	const [row] = await db
		.insert(addressCounters)
		.values({ xpub, nextIndex: 1 })
		.onConflictDoUpdate({
			target: addressCounters.xpub,
			set: { nextIndex: sql`${addressCounters.nextIndex} + 1` }
		})
		.returning({ next: addressCounters.nextIndex });
	return row!.next - 1;
}

export async function insertIntent(db: Queryable, row: NewIntent): Promise<IntentRow> {
	const [inserted] = await db.insert(paymentIntents).values(row).returning();
	await db.insert(watchedAddresses).values({
		address: row.address,
		accountId: row.accountId,
		mode: row.mode,
		paymentIntentId: row.id
	});
	return inserted!;
}

export async function findIntent(
	db: Queryable,
	p: Principal,
	id: string
): Promise<IntentRow | undefined> {
	const [row] = await db
		.select()
		.from(paymentIntents)
		.where(and(owned(p), eq(paymentIntents.id, id)));
	return row;
}

export async function findIntentById(
	db: Queryable,
	id: string,
	lock = false
): Promise<IntentRow | undefined> {
	const query = db.select().from(paymentIntents).where(eq(paymentIntents.id, id));
	const [row] = lock ? await query.for('update') : await query;
	return row;
}

export async function listIntents(
	db: Queryable,
	p: Principal,
	options: { limit: number; after?: IntentRow }
): Promise<IntentRow[]> {
	const filters: (SQL | undefined)[] = [owned(p)];
	if (options.after) filters.push(pageAfter(paymentIntents, options.after));
	return db
		.select()
		.from(paymentIntents)
		.where(and(...filters))
		.orderBy(desc(paymentIntents.createdAt), desc(paymentIntents.id))
		.limit(options.limit + 1);
}

/** Writes an intent only if nobody changed it since `version` was read. */
export async function updateIntent(
	db: Queryable,
	id: string,
	version: number,
	changes: Partial<NewIntent>
): Promise<IntentRow | undefined> {
	const [row] = await db
		.update(paymentIntents)
		.set({ ...changes, version: version + 1, updatedAt: new Date() })
		.where(and(eq(paymentIntents.id, id), eq(paymentIntents.version, version)))
		.returning();
	return row;
}

export async function intentTransfers(db: Queryable, intentId: string): Promise<TransferRow[]> {
	return db
		.select()
		.from(transfers)
		.where(eq(transfers.paymentIntentId, intentId))
		.orderBy(transfers.blockNumber, transfers.logIndex);
}

/** The compact status the hosted page polls: the intent and its session's status, one query. */
export async function findStatusRow(db: Queryable, id: string) {
	const [row] = await db
		.select({ intent: paymentIntents, sessionStatus: checkoutSessions.status })
		.from(paymentIntents)
		.leftJoin(checkoutSessions, eq(checkoutSessions.id, paymentIntents.checkoutSessionId))
		.where(eq(paymentIntents.id, id));
	return row;
}

export async function watchedSince(db: Queryable, mode: Mode, afterSeq: number) {
	return db
		.select({
			address: watchedAddresses.address,
			seq: watchedAddresses.seq,
			intentId: watchedAddresses.paymentIntentId
		})
		.from(watchedAddresses)
		.where(and(eq(watchedAddresses.mode, mode), gt(watchedAddresses.seq, afterSeq)))
		.orderBy(watchedAddresses.seq);
}

/** Tells every instance's status cache that an intent changed (delivered at commit). */
export async function notifyIntentChanged(db: Queryable, id: string): Promise<void> {
	await db.execute(sql`SELECT pg_notify('kassa_intent', ${id})`);
}
