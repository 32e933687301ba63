import type { Queryable } from '../db/openDatabase';
import { events, type Mode } from '../db/schema';
import { newId } from '../ids/newId';

export interface EventInput {
	accountId: string;
	mode: Mode;
	type: string;
	object: { id: string } & Record<string, unknown>;
}

/** Writes an event into the outbox; callers pass the transaction of the change it reports. */
export async function recordEvent(db: Queryable, input: EventInput): Promise<string> {
	const id = newId('evt');
	await db.insert(events).values({ id, accountId: input.accountId, mode: input.mode, type: input.type, objectId: input.object.id, data: { object: input.object } });
	return id;
}
