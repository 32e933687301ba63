import { and, asc, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Principal } from '../../accounts/accounts';
import type { Queryable } from '../../db/openDatabase';
import { pageAfter } from '../../db/pageAfter';
import { type Mode } from '../../db/tables/columns';
import {
	webhookAttempts,
	webhookDeliveries,
	webhookEndpoints,
	type DeliveryStatus
} from '../../db/tables/webhooks';

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;
export type NewAttempt = typeof webhookAttempts.$inferInsert;

/** The NOTIFY channel that wakes the delivery loop when new deliveries are due. */
export const DELIVERY_CHANNEL = 'kassa_webhooks';

/** Enabled, non-deleted endpoints of one account and mode, with what they subscribe to. */
export async function activeEndpoints(db: Queryable, scope: { accountId: string; mode: Mode }) {
	return db
		.select({ id: webhookEndpoints.id, enabledEvents: webhookEndpoints.enabledEvents })
		.from(webhookEndpoints)
		.where(
			and(
				eq(webhookEndpoints.accountId, scope.accountId),
				eq(webhookEndpoints.mode, scope.mode),
				eq(webhookEndpoints.status, 'enabled'),
				isNull(webhookEndpoints.deletedAt)
			)
		);
}

/** Inserts due deliveries; with `requeue`, an existing one is made due again (a resend). */
export async function insertDeliveries(
	db: Queryable,
	rows: (typeof webhookDeliveries.$inferInsert)[],
	options: { requeue: boolean }
): Promise<void> {
	if (rows.length === 0) return;
	const insert = db.insert(webhookDeliveries).values(rows);
	await (options.requeue
		? insert.onConflictDoUpdate({
				target: [webhookDeliveries.eventId, webhookDeliveries.endpointId],
				set: {
					status: 'pending',
					nextAttemptAt: sql`excluded.next_attempt_at`,
					lockedBy: null,
					lockedUntil: null,
					updatedAt: sql`excluded.updated_at`
				}
			})
		: insert.onConflictDoNothing());
	await db.execute(sql`SELECT pg_notify(${DELIVERY_CHANNEL}, '')`);
}

/** Settles a claimed delivery; a no-op when the claim was lost (lease expired, or a resend). */
export async function settleDelivery(
	db: Queryable,
	claim: { id: string; lockToken: string },
	changes: {
		status: DeliveryStatus;
		nextAttemptAt: Date | null;
		attemptCount?: number;
		lastAttemptAt?: Date;
		lastStatusCode?: number | null;
		lastError: string | null;
	}
): Promise<void> {
	await db
		.update(webhookDeliveries)
		.set({ ...changes, lockedBy: null, lockedUntil: null, updatedAt: new Date() })
		.where(
			and(eq(webhookDeliveries.id, claim.id), eq(webhookDeliveries.lockedBy, claim.lockToken))
		);
}

export async function insertAttempt(db: Queryable, row: NewAttempt): Promise<void> {
	await db.insert(webhookAttempts).values(row);
}

/** A 410 answer: the endpoint is disabled and its other waiting deliveries with it. */
export async function disableEndpoint(db: Queryable, endpointId: string, deliveryId: string) {
	const now = new Date();
	await db
		.update(webhookEndpoints)
		.set({ status: 'disabled', updatedAt: now })
		.where(eq(webhookEndpoints.id, endpointId));
	await db
		.update(webhookDeliveries)
		.set({ status: 'disabled', nextAttemptAt: null, updatedAt: now })
		.where(
			and(
				eq(webhookDeliveries.endpointId, endpointId),
				eq(webhookDeliveries.status, 'pending'),
				ne(webhookDeliveries.id, deliveryId)
			)
		);
}

export async function deliveriesOfEvent(db: Queryable, p: Principal, eventId: string) {
	return db
		.select()
		.from(webhookDeliveries)
		.where(
			and(
				eq(webhookDeliveries.accountId, p.accountId),
				eq(webhookDeliveries.mode, p.mode),
				eq(webhookDeliveries.eventId, eventId)
			)
		)
		.orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.id));
}

export async function attemptsOfDeliveries(db: Queryable, deliveryIds: string[]) {
	if (deliveryIds.length === 0) return [];
	return db
		.select()
		.from(webhookAttempts)
		.where(inArray(webhookAttempts.deliveryId, deliveryIds))
		.orderBy(asc(webhookAttempts.createdAt), asc(webhookAttempts.attempt));
}

const ownedAttempts = (p: Principal, endpointId: string) =>
	and(
		eq(webhookAttempts.accountId, p.accountId),
		eq(webhookAttempts.mode, p.mode),
		eq(webhookAttempts.endpointId, endpointId)
	);

export async function findAttempt(db: Queryable, p: Principal, endpointId: string, id: string) {
	const [row] = await db
		.select()
		.from(webhookAttempts)
		.where(and(ownedAttempts(p, endpointId), eq(webhookAttempts.id, id)));
	return row;
}

/** An endpoint's attempts, newest first, optionally those of one event. */
export async function listAttempts(
	db: Queryable,
	p: Principal,
	endpointId: string,
	options: { limit: number; after?: AttemptRow; eventId?: string }
): Promise<AttemptRow[]> {
	const filters: (SQL | undefined)[] = [ownedAttempts(p, endpointId)];
	if (options.eventId) filters.push(eq(webhookAttempts.eventId, options.eventId));
	if (options.after) filters.push(pageAfter(webhookAttempts, options.after));
	return db
		.select()
		.from(webhookAttempts)
		.where(and(...filters))
		.orderBy(desc(webhookAttempts.createdAt), desc(webhookAttempts.id))
		.limit(options.limit + 1);
}
