import { eventObject } from '../../events/eventObject';
import type { EventRow } from '../../events/repo';

/**
 * The body POSTed for an event, rebuilt from its stored row on every attempt. jsonb returns
 * the same keys in the same order on every read, so each retry sends the same bytes.
 */
export function eventPayload(row: EventRow): string {
	return JSON.stringify(eventObject(row));
}
