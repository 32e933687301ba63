import { and, eq, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../db/openDatabase';
import { idempotencyKeys } from '../db/tables/accounts';
import { type Mode } from '../db/tables/columns';

export interface KeyScope {
	accountId: string;
	mode: Mode;
	key: string;
}

const scope = (s: KeyScope) =>
	and(
		eq(idempotencyKeys.accountId, s.accountId),
		eq(idempotencyKeys.mode, s.mode),
		eq(idempotencyKeys.key, s.key)
	);

export async function claimKey(db: Queryable, s: KeyScope, requestHash: string): Promise<boolean> {
	const rows = await db
		.insert(idempotencyKeys)
		.values({ ...s, requestHash, state: 'in_flight' })
		.onConflictDoNothing()
		.returning({ key: idempotencyKeys.key });
	return rows.length > 0;
}

export async function findKey(db: Queryable, s: KeyScope) {
	const [row] = await db.select().from(idempotencyKeys).where(scope(s));
	return row;
}

/** Takes over a key whose holder crashed or which expired, only if nobody else did first. */
export async function retakeKey(
	db: Queryable,
	s: KeyScope,
	seenLockedAt: Date,
	requestHash: string
): Promise<boolean> {
	const rows = await db
		.update(idempotencyKeys)
		.set({
			state: 'in_flight',
			requestHash,
			lockedAt: sql`now()`,
			createdAt: sql`now()`,
			responseBody: null,
			responseStatus: null
		})
		.where(and(scope(s), eq(idempotencyKeys.lockedAt, seenLockedAt)))
		.returning({ key: idempotencyKeys.key });
	return rows.length > 0;
}

export async function completeKey(
	db: Queryable,
	s: KeyScope,
	status: number,
	body: string
): Promise<void> {
	await db
		.update(idempotencyKeys)
		.set({ state: 'done', responseStatus: status, responseBody: body })
		.where(scope(s));
}

export async function releaseKey(db: Queryable, s: KeyScope): Promise<void> {
	await db.delete(idempotencyKeys).where(scope(s));
}

export async function deleteKeysOlderThan(db: Queryable, cutoff: Date): Promise<number> {
	const rows = await db
		.delete(idempotencyKeys)
		.where(lt(idempotencyKeys.createdAt, cutoff))
		.returning({ key: idempotencyKeys.key });
	return rows.length;
}
