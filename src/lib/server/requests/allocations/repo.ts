import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/openDatabase';
import { pageAfter } from '../../db/pageAfter';
import { transfers } from '../../db/tables/payments';
import { paymentAllocations } from '../../db/tables/requests';

export type AllocationRow = typeof paymentAllocations.$inferSelect;
export type NewAllocation = typeof paymentAllocations.$inferInsert;

export async function allocationsOf(db: Queryable, requestId: string): Promise<AllocationRow[]> {
	return db
		.select()
		.from(paymentAllocations)
		.where(eq(paymentAllocations.paymentRequestId, requestId));
}

/** One row per transfer: a re-derivation overwrites it in place, so its id never changes. */
export async function upsertAllocation(db: Queryable, row: NewAllocation): Promise<void> {
	const { id: _, createdAt: __, ...changes } = row;
	await db
		.insert(paymentAllocations)
		.values(row)
		.onConflictDoUpdate({ target: paymentAllocations.transferId, set: changes });
}

export async function findAllocation(db: Queryable, requestId: string, id: string) {
	const [row] = await db
		.select()
		.from(paymentAllocations)
		.where(and(eq(paymentAllocations.paymentRequestId, requestId), eq(paymentAllocations.id, id)));
	return row;
}

/** Newest first, each with the transfer it derives from. */
export async function listAllocations(
	db: Queryable,
	requestId: string,
	options: { limit: number; after?: AllocationRow }
) {
	const filters: (SQL | undefined)[] = [eq(paymentAllocations.paymentRequestId, requestId)];
	if (options.after) filters.push(pageAfter(paymentAllocations, options.after));
	return db
		.select({ allocation: paymentAllocations, transfer: transfers })
		.from(paymentAllocations)
		.innerJoin(transfers, eq(transfers.id, paymentAllocations.transferId))
		.where(and(...filters))
		.orderBy(desc(paymentAllocations.createdAt), desc(paymentAllocations.id))
		.limit(options.limit + 1);
}
