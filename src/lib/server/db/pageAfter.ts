import { and, eq, lt, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** Keyset pagination, newest first: rows strictly after the cursor row in (created_at, id) order. */
export function pageAfter(
	columns: { createdAt: PgColumn; id: PgColumn },
	cursor: { createdAt: Date; id: string }
): SQL {
	return or(
		lt(columns.createdAt, cursor.createdAt),
		and(eq(columns.createdAt, cursor.createdAt), lt(columns.id, cursor.id))
	)!;
}
