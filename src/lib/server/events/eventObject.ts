import type { EventRow } from './repo';

/**
 * The Event as the API returns it and as webhooks carry it (decisions §4). The object's `id` and
 * `object` lead; the rest keeps the order the database returns, the same on every read.
 */
export function eventObject(row: EventRow) {
	const { object, ...rest } = row.data;
	const { id, object: kind, ...fields } = isRecord(object) ? object : {};
	return {
		id: row.id,
		object: 'event' as const,
		type: row.type,
		created: Math.floor(row.createdAt.getTime() / 1000),
		livemode: row.mode === 'live',
		data: { object: { id, object: kind, ...fields }, ...rest }
	};
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);
