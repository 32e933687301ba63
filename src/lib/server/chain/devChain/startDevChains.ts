import { mkdir, readFile, writeFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError } from '../../config/env';
import type { Kassa } from '../../runtime/Kassa';
import { createChainClient } from '../watcher/createChainClient';
import { fetchHeader } from '../watcher/fetchChainData';
import { loadCursor } from '../watcher/watcherRepo';
import { deployTestTokens } from './deployTestTokens';
import { startAnvil, type Anvil } from './startAnvil';

/**
 * Starts a local node for every stand-in network (test mode without a configured RPC url), keeping
 * chain state under the data directory, and stops them when Kassa stops.
 */
export async function startDevChains(kassa: Kassa): Promise<Anvil[]> {
	const dir = join(kassa.config.dataDir, 'chains');
	await mkdir(dir, { recursive: true });
	const nodes: Anvil[] = [];
	for (const network of kassa.registry.networks('test').filter((n) => n.standIn)) {
		const pidFile = join(dir, `${network.chain}.pid`);
		await stopOrphan(pidFile);
		const node = await startAnvil({
			chainId: network.chainId,
			port: Number(new URL(network.rpcUrl).port),
			blockTime: 1,
			stateFile: join(dir, `${network.chain}.json`)
		});
		await writeFile(pidFile, String(node.pid));
		kassa.onClose(async () => {
			await node.stop();
			await rm(pidFile, { force: true });
		});
		const cursor = await loadCursor(kassa.db, network.chainId);
		const genesis = await fetchHeader(createChainClient(node.url), 0);
		if (cursor?.genesisHash && cursor.genesisHash !== genesis.hash) {
			throw new ConfigError(
				`The local ${network.name} chain in ${dir} is not the one this database recorded (genesis ${genesis.hash}, expected ${cursor.genesisHash}). ` +
					'Restore its state file, or start over with an empty data directory.'
			);
		}
		await deployTestTokens(node.url, network.chainId);
		kassa.log.info(
			{ chain: network.chain, chainId: network.chainId, url: node.url },
			'local test chain running'
		);
		nodes.push(node);
	}
	return nodes;
}

/** A node left running by a Kassa that was killed outright: stop it so its port and state are free. */
async function stopOrphan(pidFile: string): Promise<void> {
	const pid = Number((await readFile(pidFile, 'utf8').catch(() => '')).trim());
	if (!pid) return;
	try {
		process.kill(pid, 'SIGTERM');
		for (let i = 0; i < 50; i++) {
			await new Promise((r) => setTimeout(r, 100));
			process.kill(pid, 0);
		}
		process.kill(pid, 'SIGKILL');
	} catch {
		// Gone.
	}
}
