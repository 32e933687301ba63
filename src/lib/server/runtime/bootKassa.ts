import { ensureBootstrapKey } from '../accounts/accounts';
import { sql } from 'drizzle-orm';
import type { Config } from '../config/env';
import { FIRST_RUN_LOCK } from './firstRun';
import type { Kassa } from './Kassa';
import { startWorkers } from './startWorkers';
import { startKassa, type StartOptions } from './startKassa';

/** The full start of a serving process: runtime, bootstrap key, then background work. */
export async function bootKassa(config: Config, options: StartOptions = {}): Promise<Kassa> {
	const kassa = await startKassa(config, options);
	try {
		if (config.bootstrapKey) {
			const key = config.bootstrapKey;
			// Under the first-run lock: instances starting together make one development account.
			const principal = await kassa.db.transaction(async (tx) => {
				await tx.execute(sql.raw(`SELECT pg_advisory_xact_lock(${FIRST_RUN_LOCK})`));
				return ensureBootstrapKey(tx, key);
			});
			kassa.log.info({ account: principal.accountId }, 'bootstrap test key ready');
		}
		if (config.workers && config.role !== 'cli') await startWorkers(kassa);
	} catch (error) {
		await kassa.close();
		throw error;
	}
	return kassa;
}
