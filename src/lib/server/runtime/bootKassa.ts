import { ensureBootstrapKey } from '../accounts/accounts';
import type { Config } from '../config/env';
import type { Kassa } from './Kassa';
import { startWorkers } from './startWorkers';
import { startKassa, type StartOptions } from './startKassa';

/** The full start of a serving process: runtime, bootstrap key, then background work. */
export async function bootKassa(config: Config, options: StartOptions = {}): Promise<Kassa> {
	const kassa = await startKassa(config, options);
	try {
		if (config.bootstrapKey) {
			const principal = await ensureBootstrapKey(kassa.db, config.bootstrapKey);
			kassa.log.info({ account: principal.accountId }, 'bootstrap test key ready');
		}
		if (config.workers && config.role !== 'cli') await startWorkers(kassa);
	} catch (error) {
		await kassa.close();
		throw error;
	}
	return kassa;
}
