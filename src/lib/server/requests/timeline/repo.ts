import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/openDatabase';
import { paymentRequestTimeline } from '../../db/tables/requests';
import { newId } from '../../ids/newId';

export type TimelineRow = typeof paymentRequestTimeline.$inferSelect;

/**
 * Adds an entry in the caller's transaction. Transitions, allocation events and e-mail attempts
 * all land here as they happen, so one ordered log is the merge and every id is stored, not made up.
 */
export async function addTimeline(
	db: Queryable,
	requestId: string,
	type: string,
	data: Record<string, unknown> = {},
	at = new Date()
): Promise<void> {
	await db
		.insert(paymentRequestTimeline)
		.values({ id: newId('prt'), paymentRequestId: requestId, type, data, createdAt: at });
}

export async function findTimelineEntry(db: Queryable, requestId: string, id: string) {
	const [row] = await db
		.select()
		.from(paymentRequestTimeline)
		.where(
			and(eq(paymentRequestTimeline.paymentRequestId, requestId), eq(paymentRequestTimeline.id, id))
		);
	return row;
}

/** Newest first by insertion order: a page after `after` never skips or repeats an entry. */
export async function listTimeline(
	db: Queryable,
	requestId: string,
	options: { limit: number; after?: TimelineRow }
): Promise<TimelineRow[]> {
	const filters: SQL[] = [eq(paymentRequestTimeline.paymentRequestId, requestId)];
	if (options.after) filters.push(lt(paymentRequestTimeline.seq, options.after.seq));
	return db
		.select()
		.from(paymentRequestTimeline)
		.where(and(...filters))
		.orderBy(desc(paymentRequestTimeline.seq))
		.limit(options.limit + 1);
}
