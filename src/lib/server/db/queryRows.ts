import type { SQL } from 'drizzle-orm';
import type { Queryable } from './openDatabase';

/** Raw SQL rows; both drivers answer `{ rows }`, which the shared Db type cannot name. */
export async function queryRows<T = Record<string, unknown>>(
	db: Queryable,
	query: SQL | string
): Promise<T[]> {
	const result = (await db.execute(query)) as unknown as { rows: T[] };
	return result.rows;
}
