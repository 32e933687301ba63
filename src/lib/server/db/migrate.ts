import type { Database } from './openDatabase';

const files = import.meta.glob<string>('./migrations/*.sql', {
	query: '?raw',
	import: 'default',
	eager: true
});

export interface Migration {
	version: number;
	name: string;
	sql: string;
}

export const migrations: Migration[] = Object.entries(files)
	.map(([path, sql]) => {
		const match = /\/(\d{4})_([\w-]+)\.sql$/.exec(path);
		if (!match) throw new Error(`Migration file name must be NNNN_name.sql: ${path}`);
		return { version: Number(match[1]), name: match[2]!, sql };
	})
	.sort((a, b) => a.version - b.version);

/** Migrations run under an advisory lock, so instances starting together apply each once. */
const LOCK = 7_246_118_301;

export async function migrate(database: Database): Promise<number[]> {
	return database.script(async (run) => {
		await run(`SELECT pg_advisory_xact_lock(${LOCK})`);
		await run(`CREATE TABLE IF NOT EXISTS kassa_migrations (
			version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
		const rows = await run('SELECT version FROM kassa_migrations');
		const done = new Set(rows.map((r) => Number(r.version)));
		const applied: number[] = [];
		for (const migration of migrations) {
			if (done.has(migration.version)) continue;
			await run(migration.sql);
			await run(
				`INSERT INTO kassa_migrations (version, name) VALUES (${migration.version}, '${migration.name}')`
			);
			applied.push(migration.version);
		}
		return applied;
	});
}
