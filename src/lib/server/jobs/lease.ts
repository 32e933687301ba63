import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/openDatabase';
import { queryRows } from '../db/queryRows';

/**
 * Takes or renews a named lease for `ttlMs`. It succeeds when the lease is free, expired or
 * already ours, so exactly one instance runs a job and another takes over once it stops renewing.
 */
export async function acquireLease(
	db: Queryable,
	name: string,
	holder: string,
	ttlMs: number
): Promise<boolean> {
	const rows = await queryRows(
		db,
		sql`
		INSERT INTO leases (name, holder, expires_at) VALUES (${name}, ${holder}, now() + ${`${ttlMs} milliseconds`}::interval)
		ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
		WHERE leases.holder = excluded.holder OR leases.expires_at < now()
		RETURNING holder`
	);
	return rows.length > 0;
}

export async function releaseLease(db: Queryable, name: string, holder: string): Promise<void> {
	await db.execute(sql`DELETE FROM leases WHERE name = ${name} AND holder = ${holder}`);
}

/** True while `holder` has the lease; checked inside the transaction that acts on it. */
export async function holdsLease(db: Queryable, name: string, holder: string): Promise<boolean> {
	const rows = await queryRows(
		db,
		sql`SELECT 1 FROM leases WHERE name = ${name} AND holder = ${holder} AND expires_at > now() FOR UPDATE`
	);
	return rows.length > 0;
}
