import { and, asc, desc, eq, gt, inArray, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Principal } from '../accounts/accounts';
import type { Queryable } from '../db/openDatabase';
import { pageAfter } from '../db/pageAfter';
import { paymentIntents, transfers } from '../db/tables/payments';
import { paymentRequests, type PaymentRequestStatus } from '../db/tables/requests';

export type RequestRow = typeof paymentRequests.$inferSelect;
export type NewRequest = typeof paymentRequests.$inferInsert;

const owned = (p: Pick<Principal, 'accountId' | 'mode'>) =>
	and(eq(paymentRequests.accountId, p.accountId), eq(paymentRequests.mode, p.mode));

export async function insertRequest(db: Queryable, row: NewRequest): Promise<RequestRow> {
	const [inserted] = await db.insert(paymentRequests).values(row).returning();
	return inserted!;
}

export async function findRequest(
	db: Queryable,
	p: Pick<Principal, 'accountId' | 'mode'>,
	id: string,
	lock = false
): Promise<RequestRow | undefined> {
	const query = db
		.select()
		.from(paymentRequests)
		.where(and(owned(p), eq(paymentRequests.id, id)));
	const [row] = lock ? await query.for('update') : await query;
	return row;
}

/** By id alone: the public page (the id is its capability) and the workers. */
export async function findRequestById(
	db: Queryable,
	id: string,
	lock = false
): Promise<RequestRow | undefined> {
	if (!/^pr_[0-9A-Za-z]{1,64}$/.test(id)) return undefined;
	const query = db.select().from(paymentRequests).where(eq(paymentRequests.id, id));
	const [row] = lock ? await query.for('update') : await query;
	return row;
}

export async function listRequests(
	db: Queryable,
	p: Principal,
	options: { limit: number; after?: RequestRow; status?: PaymentRequestStatus }
): Promise<RequestRow[]> {
	const filters: (SQL | undefined)[] = [owned(p)];
	if (options.status) filters.push(eq(paymentRequests.status, options.status));
	if (options.after) filters.push(pageAfter(paymentRequests, options.after));
	return db
		.select()
		.from(paymentRequests)
		.where(and(...filters))
		.orderBy(desc(paymentRequests.createdAt), desc(paymentRequests.id))
		.limit(options.limit + 1);
}

/** Writes a request only from the status the caller saw, so concurrent changes cannot cross. */
export async function updateRequest(
	db: Queryable,
	id: string,
	from: PaymentRequestStatus,
	changes: Partial<NewRequest>
): Promise<RequestRow | undefined> {
	const [row] = await db
		.update(paymentRequests)
		.set({ ...changes, updatedAt: new Date() })
		.where(and(eq(paymentRequests.id, id), eq(paymentRequests.status, from)))
		.returning();
	return row;
}

/** The request's intents, locked in id order (before the request: the watcher's lock order). */
export async function lockRequestIntents(db: Queryable, requestId: string) {
	return db
		.select()
		.from(paymentIntents)
		.where(eq(paymentIntents.paymentRequestId, requestId))
		.orderBy(asc(paymentIntents.id))
		.for('update');
}

export async function requestIntents(db: Queryable, requestId: string) {
	return db
		.select()
		.from(paymentIntents)
		.where(eq(paymentIntents.paymentRequestId, requestId))
		.orderBy(asc(paymentIntents.createdAt), asc(paymentIntents.id));
}

/** Every transfer to an address issued for the request, oldest seen first. */
export async function requestTransfers(db: Queryable, intentIds: string[]) {
	if (intentIds.length === 0) return [];
	return db
		.select()
		.from(transfers)
		.where(inArray(transfers.paymentIntentId, intentIds))
		.orderBy(
			asc(transfers.createdAt),
			asc(transfers.chainId),
			asc(transfers.blockNumber),
			asc(transfers.logIndex)
		);
}

/** Whether any transfer, confirmed or not, has been seen for the request (orphaned ones aside). */
export async function hasFunds(db: Queryable, intentIds: string[]): Promise<boolean> {
	if (intentIds.length === 0) return false;
	const rows = await db
		.select({ id: transfers.id })
		.from(transfers)
		.where(and(inArray(transfers.paymentIntentId, intentIds), ne(transfers.state, 'orphaned')))
		.limit(1);
	return rows.length > 0;
}

/**
 * Open requests whose reminder is due (`due_at` within `leadMs`), marked in the same statement so
 * each is reminded once across instances; one finalized inside that window gets none.
 */
export async function takeDueReminders(db: Queryable, now: Date, leadMs: number) {
	const lead = `${leadMs} milliseconds`;
	return db
		.update(paymentRequests)
		.set({ reminderQueuedAt: now, updatedAt: now })
		.where(
			and(
				eq(paymentRequests.status, 'open'),
				isNull(paymentRequests.reminderQueuedAt),
				gt(paymentRequests.dueAt, now),
				lte(paymentRequests.dueAt, new Date(now.getTime() + leadMs)),
				sql`${paymentRequests.finalizedAt} < ${paymentRequests.dueAt} - ${lead}::interval`
			)
		)
		.returning();
}

/** Open requests past `due_at` not yet flagged: flagged now, each once. */
export async function takeOverdue(db: Queryable, now: Date) {
	return db
		.update(paymentRequests)
		.set({ overdue: true, updatedAt: now })
		.where(
			and(
				eq(paymentRequests.status, 'open'),
				eq(paymentRequests.overdue, false),
				lte(paymentRequests.dueAt, now)
			)
		)
		.returning();
}
