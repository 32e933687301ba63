import { and, desc, eq, like, type SQL } from 'drizzle-orm';
import type { Principal } from '../accounts/accounts';
import type { Queryable } from '../db/openDatabase';
import { pageAfter } from '../db/pageAfter';
import { events } from '../db/tables/webhooks';

export type EventRow = typeof events.$inferSelect;

const owned = (p: Principal) => and(eq(events.accountId, p.accountId), eq(events.mode, p.mode));

export async function findEvent(
	db: Queryable,
	p: Principal,
	id: string
): Promise<EventRow | undefined> {
	const [row] = await db
		.select()
		.from(events)
		.where(and(owned(p), eq(events.id, id)));
	return row;
}

/** Newest first; `type` is a catalogue type or a `group.*` wildcard. */
export async function listEvents(
	db: Queryable,
	p: Principal,
	options: { limit: number; after?: EventRow; type?: string }
): Promise<EventRow[]> {
	const filters: (SQL | undefined)[] = [owned(p)];
	if (options.type?.endsWith('.*'))
		filters.push(like(events.type, `${options.type.slice(0, -1)}%`));
	else if (options.type) filters.push(eq(events.type, options.type));
	if (options.after) filters.push(pageAfter(events, options.after));
	return db
		.select()
		.from(events)
		.where(and(...filters))
		.orderBy(desc(events.createdAt), desc(events.id))
		.limit(options.limit + 1);
}
