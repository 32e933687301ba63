import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Principal } from '../accounts/accounts';
import type { Queryable } from '../db/openDatabase';
import { pageAfter } from '../db/pageAfter';
import { checkoutSessions } from '../db/tables/checkout';

export type SessionRow = typeof checkoutSessions.$inferSelect;
export type NewSession = typeof checkoutSessions.$inferInsert;
type Status = SessionRow['status'];

const owned = (p: Principal) =>
	and(eq(checkoutSessions.accountId, p.accountId), eq(checkoutSessions.mode, p.mode));

export async function insertSession(db: Queryable, row: NewSession): Promise<SessionRow> {
	const [inserted] = await db.insert(checkoutSessions).values(row).returning();
	return inserted!;
}

export async function findSession(
	db: Queryable,
	p: Principal,
	id: string
): Promise<SessionRow | undefined> {
	const [row] = await db
		.select()
		.from(checkoutSessions)
		.where(and(owned(p), eq(checkoutSessions.id, id)));
	return row;
}

export async function listSessions(
	db: Queryable,
	p: Principal,
	options: { limit: number; after?: SessionRow; status?: Status }
): Promise<SessionRow[]> {
	const filters: (SQL | undefined)[] = [owned(p)];
	if (options.status) filters.push(eq(checkoutSessions.status, options.status));
	if (options.after) filters.push(pageAfter(checkoutSessions, options.after));
	return db
		.select()
		.from(checkoutSessions)
		.where(and(...filters))
		.orderBy(desc(checkoutSessions.createdAt), desc(checkoutSessions.id))
		.limit(options.limit + 1);
}

/** Moves a session on only from the status the caller saw, so concurrent changes cannot cross. */
export async function updateSessionStatus(
	db: Queryable,
	p: Principal,
	id: string,
	from: Status,
	changes: Partial<NewSession> & { status: Status }
): Promise<SessionRow | undefined> {
	const [row] = await db
		.update(checkoutSessions)
		.set({ ...changes, updatedAt: new Date() })
		.where(and(owned(p), eq(checkoutSessions.id, id), eq(checkoutSessions.status, from)))
		.returning();
	return row;
}
