import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/openDatabase';
import { pageAfter } from '../../db/pageAfter';
import { queryRows } from '../../db/queryRows';
import { paymentRequestDeliveries, type EmailStatus } from '../../db/tables/requests';

export type EmailDeliveryRow = typeof paymentRequestDeliveries.$inferSelect;
export type NewEmailDelivery = typeof paymentRequestDeliveries.$inferInsert;

/** The NOTIFY channel that wakes the e-mail worker when a message is queued. */
export const EMAIL_CHANNEL = 'kassa_emails';

export async function insertDelivery(db: Queryable, row: NewEmailDelivery) {
	const [inserted] = await db.insert(paymentRequestDeliveries).values(row).returning();
	await db.execute(sql`SELECT pg_notify(${EMAIL_CHANNEL}, '')`);
	return inserted!;
}

/** Cancels the request's e-mails that wait; one already being sent finishes. */
export async function cancelPendingDeliveries(db: Queryable, requestId: string) {
	return db
		.update(paymentRequestDeliveries)
		.set({ status: 'canceled', nextAttemptAt: null, updatedAt: new Date() })
		.where(
			and(
				eq(paymentRequestDeliveries.paymentRequestId, requestId),
				eq(paymentRequestDeliveries.status, 'pending')
			)
		)
		.returning();
}

/**
 * Takes due e-mails for this worker: `FOR UPDATE SKIP LOCKED` keeps instances off each other's
 * rows, and the lease (`locked_until`) returns a crashed worker's `processing` rows to the pool.
 */
export async function claimDueDeliveries(
	db: Queryable,
	options: { token: string; now: Date; limit: number; leaseMs: number }
): Promise<EmailDeliveryRow[]> {
	const claimed = await queryRows<{ id: string }>(
		db,
		sql`UPDATE payment_request_deliveries
			SET status = 'processing', locked_by = ${options.token},
				locked_until = now() + ${`${options.leaseMs} milliseconds`}::interval, updated_at = now()
			WHERE id IN (
				SELECT id FROM payment_request_deliveries
				WHERE (status = 'pending' AND next_attempt_at <= ${options.now.toISOString()}::timestamptz)
					OR (status = 'processing' AND locked_until < now())
				ORDER BY next_attempt_at
				LIMIT ${options.limit}
				FOR UPDATE SKIP LOCKED)
			RETURNING id`
	);
	if (claimed.length === 0) return [];
	return db
		.select()
		.from(paymentRequestDeliveries)
		.where(
			and(
				inArray(
					paymentRequestDeliveries.id,
					claimed.map((row) => row.id)
				),
				eq(paymentRequestDeliveries.lockedBy, options.token)
			)
		);
}

/** Settles a claimed e-mail; false when the claim was lost (the lease ran out meanwhile). */
export async function settleDelivery(
	db: Queryable,
	claim: { id: string; token: string },
	changes: Partial<NewEmailDelivery> & { status: EmailStatus }
): Promise<boolean> {
	const rows = await db
		.update(paymentRequestDeliveries)
		.set({ ...changes, lockedBy: null, lockedUntil: null, updatedAt: new Date() })
		.where(
			and(
				eq(paymentRequestDeliveries.id, claim.id),
				eq(paymentRequestDeliveries.lockedBy, claim.token)
			)
		)
		.returning({ id: paymentRequestDeliveries.id });
	return rows.length > 0;
}

export async function findDelivery(db: Queryable, requestId: string, id: string) {
	const [row] = await db
		.select()
		.from(paymentRequestDeliveries)
		.where(
			and(
				eq(paymentRequestDeliveries.paymentRequestId, requestId),
				eq(paymentRequestDeliveries.id, id)
			)
		);
	return row;
}

export async function listDeliveries(
	db: Queryable,
	requestId: string,
	options: { limit: number; after?: EmailDeliveryRow; status?: EmailStatus }
): Promise<EmailDeliveryRow[]> {
	const filters: (SQL | undefined)[] = [eq(paymentRequestDeliveries.paymentRequestId, requestId)];
	if (options.status) filters.push(eq(paymentRequestDeliveries.status, options.status));
	if (options.after) filters.push(pageAfter(paymentRequestDeliveries, options.after));
	return db
		.select()
		.from(paymentRequestDeliveries)
		.where(and(...filters))
		.orderBy(desc(paymentRequestDeliveries.createdAt), desc(paymentRequestDeliveries.id))
		.limit(options.limit + 1);
}
