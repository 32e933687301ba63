import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError } from '../config/env';

function alive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}

/** The embedded database admits one process: a second one is told so instead of corrupting it. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
	await mkdir(dataDir, { recursive: true });
	const file = join(dataDir, 'kassa.pid');
	for (let attempt = 0; attempt < 2; attempt++) {
		try {
			await writeFile(file, String(process.pid), { flag: 'wx' });
			return () => rm(file, { force: true });
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
			const holder = Number((await readFile(file, 'utf8').catch(() => '')).trim());
			if (holder && holder !== process.pid && alive(holder)) {
				throw new ConfigError(
					`The embedded database in ${dataDir} is in use by process ${holder}. ` +
						'Stop that Kassa first, or set DATABASE_URL to share a PostgreSQL database.'
				);
			}
			await rm(file, { force: true });
		}
	}
	throw new ConfigError(`Could not lock ${dataDir}`);
}
