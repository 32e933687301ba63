import type { Queryable } from '../db/openDatabase';
import { type Mode } from '../db/tables/columns';
import { events } from '../db/tables/webhooks';
import { newId } from '../ids/newId';
import type { EventType } from '../webhooks/eventTypes';
import { queueDeliveries } from '../webhooks/delivery/queueDeliveries';

export interface EventInput {
	accountId: string;
	mode: Mode;
	type: EventType;
	object: { id: string } & Record<string, unknown>;
}

/**
 * Writes an event into the outbox with a delivery for each subscribed endpoint; callers pass the
 * transaction of the change it reports, so the change, the event and its deliveries stand or fall together.
 */
export async function recordEvent(db: Queryable, input: EventInput): Promise<string> {
	const id = newId('evt');
	await db.insert(events).values({
		id,
		accountId: input.accountId,
		mode: input.mode,
		type: input.type,
		objectId: input.object.id,
		data: { object: input.object }
	});
	await queueDeliveries(
		db,
		{ id, accountId: input.accountId, mode: input.mode, type: input.type },
		{ requeue: false }
	);
	return id;
}
