import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../src/lib/server/db/migrate';
import { openDatabase } from '../../src/lib/server/db/openDatabase';

declare module 'vitest' {
	export interface ProvidedContext {
		pgliteTemplate: string;
	}
}

/** Runs initdb and the migrations once; every test file starts from a copy of the result. */
export default async function setup(project: TestProject) {
	const dir = await mkdtemp(join(tmpdir(), 'kassa-template-'));
	const database = await openDatabase({});
	await migrate(database);
	const dump = await database.dump();
	await database.close();
	const file = join(dir, 'template.tar.gz');
	await writeFile(file, Buffer.from(await dump.arrayBuffer()));
	project.provide('pgliteTemplate', file);
	return () => rm(dir, { recursive: true, force: true });
}
