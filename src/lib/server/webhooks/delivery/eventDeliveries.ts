import type { Principal } from '../../accounts/accounts';
import { isoOrNull } from '../../api/common';
import type { Queryable } from '../../db/openDatabase';
import { attemptObject } from './attemptObject';
import { attemptsOfDeliveries, deliveriesOfEvent } from './repo';
import type { WebhookDeliveryObject } from './schemas';

/** An event's deliveries, one per endpoint, each with every attempt made so far. */
export async function eventDeliveries(
	db: Queryable,
	principal: Principal,
	eventId: string
): Promise<WebhookDeliveryObject[]> {
	const deliveries = await deliveriesOfEvent(db, principal, eventId);
	const attempts = await attemptsOfDeliveries(
		db,
		deliveries.map((d) => d.id)
	);
	return deliveries.map((row) => ({
		id: row.id,
		object: 'webhook_delivery',
		webhook_endpoint_id: row.endpointId,
		status: row.status,
		attempt_count: row.attemptCount,
		next_attempt_at: isoOrNull(row.nextAttemptAt),
		last_attempt_at: isoOrNull(row.lastAttemptAt),
		last_status_code: row.lastStatusCode,
		last_error: row.lastError,
		attempts: attempts.filter((a) => a.deliveryId === row.id).map(attemptObject)
	}));
}
