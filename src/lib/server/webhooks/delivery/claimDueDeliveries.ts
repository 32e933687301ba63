import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/openDatabase';
import { queryRows } from '../../db/queryRows';
import { events, webhookDeliveries, webhookEndpoints } from '../../db/tables/webhooks';

export interface ClaimOptions {
	/** Unique to this claim: only its holder may settle the rows. */
	token: string;
	now: Date;
	limit: number;
	/** Longer than one send (15 s timeout + DNS + writes); a crashed holder's rows return after it. */
	leaseMs: number;
}

export type ClaimedDelivery = Awaited<ReturnType<typeof claimDueDeliveries>>[number];

/**
 * Takes due deliveries for this instance: `FOR UPDATE SKIP LOCKED` keeps two instances off the
 * same rows while claiming, and the lease written on them keeps others away while sending.
 */
export async function claimDueDeliveries(db: Queryable, options: ClaimOptions) {
	const claimed = await queryRows<{ id: string }>(
		db,
		sql`UPDATE webhook_deliveries
			SET locked_by = ${options.token}, locked_until = now() + ${`${options.leaseMs} milliseconds`}::interval
			WHERE id IN (
				SELECT id FROM webhook_deliveries
				WHERE status = 'pending' AND next_attempt_at <= ${options.now.toISOString()}::timestamptz
					AND (locked_until IS NULL OR locked_until < now())
				ORDER BY next_attempt_at
				LIMIT ${options.limit}
				FOR UPDATE SKIP LOCKED)
			RETURNING id`
	);
	if (claimed.length === 0) return [];
	return db
		.select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, event: events })
		.from(webhookDeliveries)
		.innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
		.innerJoin(events, eq(events.id, webhookDeliveries.eventId))
		.where(
			and(
				inArray(
					webhookDeliveries.id,
					claimed.map((row) => row.id)
				),
				eq(webhookDeliveries.lockedBy, options.token)
			)
		);
}
