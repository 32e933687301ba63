import { and, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../db/openDatabase';
import { accounts, apiKeys } from '../db/tables/accounts';
import { type Mode } from '../db/tables/columns';

export type AccountRow = typeof accounts.$inferSelect;
export type NewAccount = typeof accounts.$inferInsert;

export async function insertAccount(db: Queryable, row: NewAccount): Promise<AccountRow> {
	const [inserted] = await db.insert(accounts).values(row).returning();
	return inserted!;
}

export async function findAccount(db: Queryable, id: string): Promise<AccountRow | undefined> {
	const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
	return row;
}

export async function listAccounts(db: Queryable): Promise<AccountRow[]> {
	return db.select().from(accounts).orderBy(accounts.createdAt);
}

export async function updateAccount(
	db: Queryable,
	id: string,
	changes: Partial<NewAccount>
): Promise<AccountRow | undefined> {
	const [row] = await db.update(accounts).set(changes).where(eq(accounts.id, id)).returning();
	return row;
}

export async function insertApiKey(
	db: Queryable,
	row: { id: string; accountId: string; mode: Mode; keyHash: string; keyHint: string }
): Promise<void> {
	await db.insert(apiKeys).values(row).onConflictDoNothing();
}

export async function findActiveKeyByHash(db: Queryable, keyHash: string) {
	const [row] = await db
		.select({ id: apiKeys.id, accountId: apiKeys.accountId, mode: apiKeys.mode })
		.from(apiKeys)
		.where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)));
	return row;
}

export async function findKeyByHash(db: Queryable, keyHash: string) {
	const [row] = await db.select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash));
	return row;
}

export async function revokeApiKey(db: Queryable, id: string): Promise<boolean> {
	const rows = await db
		.update(apiKeys)
		.set({ revokedAt: new Date() })
		.where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
		.returning({ id: apiKeys.id });
	return rows.length > 0;
}
