import { startDevChains } from '../chain/devChain/startDevChains';
import { createChainClient } from '../chain/watcher/createChainClient';
import { startChainWatcher } from '../chain/watcher/startChainWatcher';
import { expireOpenSessions } from '../jobs/expireOpenSessions';
import type { Kassa } from './Kassa';

/** The background work of a serving instance: local chains, chain watchers, expiry. */
export async function startWorkers(kassa: Kassa): Promise<void> {
	if (kassa.config.devChains && !kassa.config.databaseUrl) await startDevChains(kassa);
	for (const network of [...kassa.registry.networks('test'), ...kassa.registry.networks('live')]) {
		const watcher = startChainWatcher(kassa, network, {
			client: createChainClient(network.rpcUrl),
			pollMs: Math.min(250, network.blockTimeMs / 4)
		});
		kassa.onClose(() => watcher.stop());
	}
	const timer = setInterval(() => {
		expireOpenSessions(kassa.db).catch((error: unknown) =>
			kassa.log.warn({ err: error }, 'session expiry failed')
		);
	}, 5_000);
	kassa.onClose(() => clearInterval(timer));
}
