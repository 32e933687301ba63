import { startDevChains } from '../chain/devChain/startDevChains';
import { createChainClient } from '../chain/watcher/createChainClient';
import { startChainWatcher } from '../chain/watcher/startChainWatcher';
import { expireOpenSessions } from '../jobs/expireOpenSessions';
import { startEmailDelivery } from '../requests/deliveries/startEmailDelivery';
import { runDueDates } from '../requests/runDueDates';
import { startWebhookDelivery } from '../webhooks/delivery/startWebhookDelivery';
import type { Kassa } from './Kassa';

/** The background work of a serving instance: local chains, chain watchers, expiry, webhooks, e-mail, due dates. */
export async function startWorkers(kassa: Kassa): Promise<void> {
	if (kassa.config.startDevChains) await startDevChains(kassa);
	const networks = [...kassa.registry.networks('test'), ...kassa.registry.networks('live')];
	// A network without registry tokens has nothing to watch (eth_getLogs without addresses reads every log).
	for (const network of networks.filter((n) => n.tokens.length > 0)) {
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
	const webhooks = startWebhookDelivery(kassa);
	kassa.onClose(() => webhooks.stop());
	const emails = startEmailDelivery(kassa, { pollMs: 1000 });
	kassa.onClose(() => emails.stop());
	const dueDates = setInterval(() => {
		runDueDates(kassa).catch((error: unknown) =>
			kassa.log.warn({ err: error }, 'due-date job failed')
		);
	}, 60_000);
	kassa.onClose(() => clearInterval(dueDates));
}
