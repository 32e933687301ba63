import { z } from 'zod';
import { parseInput } from './parseInput';

export const ListQuery = z.strictObject({
	limit: z.coerce.number().int().min(1).max(100).default(10),
	starting_after: z.string().min(1).max(255).optional()
});

export type ListParams = z.output<typeof ListQuery>;

/** Reads list query parameters; `extra` adds per-resource filters to the same strict schema. */
export function listParams<E extends z.ZodRawShape>(url: URL, extra?: E) {
	const schema = extra ? ListQuery.extend(extra) : ListQuery;
	return parseInput(schema, Object.fromEntries(url.searchParams)) as ListParams &
		z.output<z.ZodObject<E>>;
}

export interface ListPage<T> {
	object: 'list';
	data: T[];
	has_more: boolean;
	url: string;
}

/** Stripe's list envelope; the repository fetched `limit + 1` rows to learn `has_more`. */
export function listPage<T>(rows: T[], limit: number, url: string): ListPage<T> {
	return { object: 'list', data: rows.slice(0, limit), has_more: rows.length > limit, url };
}
