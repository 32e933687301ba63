import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';

export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Queryable = Db | Tx;

type Row = Record<string, unknown>;

export interface Database {
	db: Db;
	kind: 'pglite' | 'postgres';
	/** Raw SQL scripts (several statements) in one transaction, outside the query layer. */
	script<T>(work: (run: (sql: string) => Promise<Row[]>) => Promise<T>): Promise<T>;
	/** Runs `onMessage` for each NOTIFY on `channel`; `onGap` when notifications may have been missed. */
	listen(
		channel: string,
		onMessage: (payload: string) => void,
		onGap: () => void
	): Promise<() => Promise<void>>;
	/** A copy of the embedded database's files (tests start from a migrated template). */
	dump(): Promise<Blob>;
	close(): Promise<void>;
}

export interface OpenOptions {
	/** PostgreSQL connection string; when absent the embedded database is used. */
	databaseUrl?: string;
	/** PGlite data directory, or undefined for an in-memory database. */
	dataDir?: string;
	/** A PGlite data-directory dump to start from (tests start from a migrated template). */
	loadDataDir?: Blob;
	/** PostgreSQL schema to place every table in (tests isolate by schema). */
	searchPath?: string;
	poolSize?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
	if (options.databaseUrl) {
		const pool = new pg.Pool({
			connectionString: options.databaseUrl,
			max: options.poolSize ?? 10,
			options: options.searchPath ? `-c search_path=${options.searchPath}` : undefined
		});
		pool.on('error', () => {
			// An idle client lost its connection; the pool replaces it on next use.
		});
		const db = drizzlePg(pool) as unknown as Db;
		return {
			db,
			kind: 'postgres',
			script: async (work) => {
				const client = await pool.connect();
				try {
					await client.query('BEGIN');
					const result = await work(async (sql) => {
						const res = await client.query(sql);
						const last = Array.isArray(res) ? res.at(-1) : res;
						return (last?.rows ?? []) as Row[];
					});
					await client.query('COMMIT');
					return result;
				} catch (error) {
					await client.query('ROLLBACK').catch(() => {});
					throw error;
				} finally {
					client.release();
				}
			},
			listen: (channel, onMessage, onGap) => listenPostgres(options, channel, onMessage, onGap),
			dump: () => Promise.reject(new Error('Only the embedded database can be dumped')),
			close: () => pool.end()
		};
	}
	if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
	const client = await PGlite.create({
		dataDir: options.dataDir,
		loadDataDir: options.loadDataDir
	});
	const db = drizzlePglite(client) as unknown as Db;
	return {
		db,
		kind: 'pglite',
		script: (work) =>
			client.transaction((tx) =>
				work(async (sql) => {
					const results = await tx.exec(sql);
					return (results.at(-1)?.rows ?? []) as Row[];
				})
			),
		listen: async (channel, onMessage) => {
			const unsubscribe = await client.listen(channel, onMessage);
			return unsubscribe;
		},
		dump: async () => (await client.dumpDataDir('gzip')) as Blob,
		close: () => client.close()
	};
}

/** A dedicated connection for LISTEN, reconnected after errors (reporting the gap to the caller). */
async function listenPostgres(
	options: OpenOptions,
	channel: string,
	onMessage: (payload: string) => void,
	onGap: () => void
): Promise<() => Promise<void>> {
	let client: pg.Client | undefined;
	let stopped = false;
	const connect = async (): Promise<void> => {
		const next = new pg.Client({ connectionString: options.databaseUrl });
		next.on('notification', (n) => n.channel === channel && onMessage(n.payload ?? ''));
		next.on('error', () => {
			onGap();
			next.end().catch(() => {});
			if (!stopped) setTimeout(() => void connect().catch(() => onGap()), 1000);
		});
		await next.connect();
		await next.query(`LISTEN ${channel}`);
		client = next;
	};
	await connect();
	return async () => {
		stopped = true;
		await client?.end().catch(() => {});
	};
}
