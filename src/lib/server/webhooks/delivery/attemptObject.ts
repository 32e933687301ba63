import { iso } from '../../api/common';
import type { AttemptRow } from './repo';
import type { WebhookAttemptObject } from './schemas';

export function attemptObject(row: AttemptRow): WebhookAttemptObject {
	return {
		id: row.id,
		object: 'webhook_attempt',
		event_id: row.eventId,
		webhook_endpoint_id: row.endpointId,
		attempt: row.attempt,
		created_at: iso(row.createdAt),
		succeeded: row.succeeded,
		status_code: row.statusCode,
		latency_ms: row.latencyMs,
		error: row.error
	};
}
