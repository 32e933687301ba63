import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Principal } from '../accounts/accounts';
import type { Queryable } from '../db/openDatabase';
import { pageAfter } from '../db/pageAfter';
import { webhookEndpoints } from '../db/tables/webhooks';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type NewEndpoint = typeof webhookEndpoints.$inferInsert;
export type EndpointChanges = Partial<
	Pick<NewEndpoint, 'url' | 'description' | 'enabledEvents' | 'metadata' | 'status'>
>;

const owned = (p: Principal) =>
	and(eq(webhookEndpoints.accountId, p.accountId), eq(webhookEndpoints.mode, p.mode));
/** Deleted rows stay (their delivery history refers to them) but are gone for the API. */
const live = (p: Principal, id: string) =>
	and(owned(p), eq(webhookEndpoints.id, id), isNull(webhookEndpoints.deletedAt));

export async function insertEndpoint(db: Queryable, row: NewEndpoint): Promise<EndpointRow> {
	const [inserted] = await db.insert(webhookEndpoints).values(row).returning();
	return inserted!;
}

export async function findEndpoint(
	db: Queryable,
	p: Principal,
	id: string,
	options: { forUpdate?: boolean } = {}
): Promise<EndpointRow | undefined> {
	const query = db.select().from(webhookEndpoints).where(live(p, id));
	const [row] = options.forUpdate ? await query.for('update') : await query;
	return row;
}

/** A list cursor may name an endpoint deleted since the previous page was read. */
export async function findEndpointCursor(
	db: Queryable,
	p: Principal,
	id: string
): Promise<EndpointRow | undefined> {
	const [row] = await db
		.select()
		.from(webhookEndpoints)
		.where(and(owned(p), eq(webhookEndpoints.id, id)));
	return row;
}

export async function listEndpoints(
	db: Queryable,
	p: Principal,
	options: { limit: number; after?: EndpointRow }
): Promise<EndpointRow[]> {
	const filters: (SQL | undefined)[] = [owned(p), isNull(webhookEndpoints.deletedAt)];
	if (options.after) filters.push(pageAfter(webhookEndpoints, options.after));
	return db
		.select()
		.from(webhookEndpoints)
		.where(and(...filters))
		.orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id))
		.limit(options.limit + 1);
}

export async function updateEndpoint(
	db: Queryable,
	p: Principal,
	id: string,
	changes: EndpointChanges
): Promise<EndpointRow | undefined> {
	const [row] = await db
		.update(webhookEndpoints)
		.set({ ...changes, updatedAt: new Date() })
		.where(live(p, id))
		.returning();
	return row;
}

/** Soft delete: the row is kept so delivery history never loses its endpoint. */
export async function deleteEndpoint(
	db: Queryable,
	p: Principal,
	id: string
): Promise<EndpointRow | undefined> {
	const now = new Date();
	const [row] = await db
		.update(webhookEndpoints)
		.set({ deletedAt: now, updatedAt: now })
		.where(live(p, id))
		.returning();
	return row;
}
