import type { Queryable } from '../../db/openDatabase';
import type { Mode } from '../../db/tables/columns';
import { newId } from '../../ids/newId';
import { subscribesTo, type EventType } from '../eventTypes';
import { activeEndpoints, insertDeliveries } from './repo';

export interface QueuedEvent {
	id: string;
	accountId: string;
	mode: Mode;
	type: EventType;
}

/**
 * Makes a delivery due now for every enabled endpoint of the event's account and mode that
 * subscribes to its type, in the caller's transaction. `requeue` (a resend) revives existing ones.
 */
export async function queueDeliveries(
	db: Queryable,
	event: QueuedEvent,
	options: { requeue: boolean }
): Promise<string[]> {
	const endpoints = await activeEndpoints(db, event);
	const now = new Date();
	const rows = endpoints
		.filter((endpoint) => subscribesTo(endpoint.enabledEvents, event.type))
		.map((endpoint) => ({
			id: newId('whd'),
			eventId: event.id,
			endpointId: endpoint.id,
			accountId: event.accountId,
			mode: event.mode,
			status: 'pending' as const,
			nextAttemptAt: now,
			createdAt: now,
			updatedAt: now
		}));
	await insertDeliveries(db, rows, options);
	return rows.map((row) => row.endpointId);
}
