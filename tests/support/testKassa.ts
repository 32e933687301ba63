import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../../src/lib/server/config/env';
import { randomBase62 } from '../../src/lib/server/ids/newId';
import { setCurrentKassa, type Kassa } from '../../src/lib/server/runtime/Kassa';
import { startKassa } from '../../src/lib/server/runtime/startKassa';

export const testDatabaseUrl =
	process.env.KASSA_TEST_DRIVER === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

export interface TestKassaOptions {
	/** PostgreSQL pass: join this existing schema (a second instance) instead of making one. */
	schema?: string;
}

/**
 * A Kassa runtime on a database of its own: a copy of the migrated PGlite template, or (in the
 * PostgreSQL pass) a fresh schema on TEST_DATABASE_URL, dropped again by `close()`.
 */
export async function testKassa(
	env: Record<string, string> = {},
	options: TestKassaOptions = {}
): Promise<Kassa> {
	const dataDir = await mkdtemp(join(tmpdir(), 'kassa-test-'));
	const config: Config = loadConfig({
		NODE_ENV: 'test',
		KASSA_DATA_DIR: dataDir,
		KASSA_SECRET_KEY: randomBytes(32).toString('base64'),
		PUBLIC_BASE_URL: 'http://kassa.test',
		...(testDatabaseUrl ? { DATABASE_URL: testDatabaseUrl, KASSA_DEV_CHAINS: 'on' } : {}),
		...env
	});
	let kassa: Kassa;
	if (testDatabaseUrl && options.schema) {
		kassa = await startKassa(config, { database: { searchPath: options.schema } });
	} else if (testDatabaseUrl) {
		const schema = `test_${randomBase62(64).toLowerCase()}`;
		const admin = new pg.Client({ connectionString: testDatabaseUrl });
		await admin.connect();
		await admin.query(`CREATE SCHEMA ${schema}`);
		kassa = await startKassa(config, { database: { searchPath: schema } });
		kassa.onClose(async () => {
			await admin.query(`DROP SCHEMA ${schema} CASCADE`);
			await admin.end();
		});
	} else {
		const template = new Blob([await readFile(inject('pgliteTemplate'))]);
		kassa = await startKassa(config, { database: { loadDataDir: template } });
	}
	kassa.onClose(() => rm(dataDir, { recursive: true, force: true }));
	setCurrentKassa(kassa);
	return kassa;
}
