import { randomUUID } from 'node:crypto';
import type { PublicClient } from 'viem';
import { acquireLease, releaseLease } from '../../jobs/lease';
import type { Kassa } from '../../runtime/Kassa';
import type { EnabledNetwork } from '../createRegistry';
import { AddressBook } from './AddressBook';
import { applyRange } from './applyRange';
import { fetchHeader, fetchHeaders, fetchTransferLogs } from './fetchChainData';
import { rollBack } from './rollBack';
import { initCursor, loadCursor } from './watcherRepo';

export interface WatcherOptions {
	client: PublicClient;
	pollMs?: number;
	maxRange?: number;
	leaseMs?: number;
	holder?: string;
}

export type StepResult = 'idle' | 'advanced' | 'reorg' | 'retry' | 'not_leader';

export interface ChainWatcher {
	/** One poll: used by the loop, and by tests that drive the watcher block by block. */
	step(): Promise<StepResult>;
	stop(): Promise<void>;
}

/** Follows one chain from a cursor kept in the database; one instance per chain holds the lease. */
export function startChainWatcher(
	kassa: Kassa,
	network: EnabledNetwork,
	options: WatcherOptions,
	loop = true
): ChainWatcher {
	const { client } = options;
	const lease = { name: `watcher:${network.chainId}`, holder: options.holder ?? randomUUID() };
	const leaseMs = options.leaseMs ?? 10_000;
	const book = new AddressBook(network.mode);
	const tokens = network.tokens.map((t) => t.address);
	const log = kassa.log.child({ chain: network.chain, chainId: network.chainId });

	let genesisChecked = false;

	async function step(): Promise<StepResult> {
		if (!(await acquireLease(kassa.db, lease.name, lease.holder, leaseMs))) return 'not_leader';
		const head = Number(await client.getBlockNumber({ cacheTime: 0 }));
		const cursor = await loadCursor(kassa.db, network.chainId);
		if (cursor && !genesisChecked) {
			const genesis = await fetchHeader(client, 0);
			if (cursor.genesisHash && genesis.hash !== cursor.genesisHash)
				throw new GenesisMismatch(network.name);
			genesisChecked = true;
		}
		if (!cursor) {
			const genesis = await fetchHeader(client, 0);
			await initCursor(kassa.db, network.chainId, genesis.hash, await fetchHeader(client, head));
			return 'advanced';
		}
		if (head <= cursor.blockNumber) return 'idle';
		const to = Math.min(head, cursor.blockNumber + (options.maxRange ?? 50));
		const headers = await fetchHeaders(client, cursor.blockNumber + 1, to);
		if (headers[0]!.parentHash !== cursor.blockHash) {
			const ancestor = await rollBack(kassa, client, network.chainId, cursor, lease);
			log.warn({ from: cursor.blockNumber, ancestor }, 'chain reorganisation rolled back');
			return 'reorg';
		}
		if (headers.some((h, i) => i > 0 && h.parentHash !== headers[i - 1]!.hash)) return 'retry';
		const logs = await fetchTransferLogs(client, tokens, cursor.blockNumber + 1, to);
		const hashes = new Map(headers.map((h) => [h.number, h.hash]));
		if (logs.some((l) => hashes.get(l.blockNumber) !== l.blockHash)) return 'retry';
		await book.refresh(kassa.db);
		const finalizedTag =
			network.finalityDepth === null ? (await fetchHeader(client, 'finalized')).number : null;
		const result = await applyRange(kassa, {
			network,
			lease,
			cursor,
			headers,
			logs,
			book,
			finalizedTag
		});
		return result.applied ? 'advanced' : 'retry';
	}

	let running = loop;
	const stopping = new AbortController();
	const done = (async () => {
		let backoff = 500;
		while (running) {
			try {
				const result = await step();
				backoff = 500;
				if (result === 'idle' || result === 'not_leader')
					await sleep(result === 'idle' ? (options.pollMs ?? 250) : leaseMs / 3, stopping.signal);
			} catch (error) {
				if (error instanceof GenesisMismatch) {
					log.fatal({ err: error }, 'chain watcher stopped');
					return;
				}
				log.warn({ err: error, retryInMs: backoff }, 'chain watcher step failed');
				await sleep(backoff, stopping.signal);
				backoff = Math.min(backoff * 2, 30_000);
			}
		}
	})();

	return {
		step,
		stop: async () => {
			running = false;
			stopping.abort();
			await done;
			await releaseLease(kassa.db, lease.name, lease.holder).catch(() => {});
		}
	};
}

/** A pause that ends early when the watcher stops, so shutdown never waits out a retry delay. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
	return new Promise((resolve) => {
		if (signal.aborted) return resolve();
		const wake = () => {
			clearTimeout(timer);
			resolve();
		};
		const timer = setTimeout(() => {
			signal.removeEventListener('abort', wake);
			resolve();
		}, ms);
		signal.addEventListener('abort', wake, { once: true });
	});
}

/** The RPC url now points at another chain than the one this database followed. */
class GenesisMismatch extends Error {
	constructor(name: string) {
		super(
			`${name}: the node's genesis block differs from the one recorded; refusing to follow another chain`
		);
	}
}
