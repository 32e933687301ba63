import { parseAbiItem, type PublicClient } from 'viem';
import type { Header } from './watcherRepo';

export const TRANSFER_EVENT = parseAbiItem(
	'event Transfer(address indexed from, address indexed to, uint256 value)'
);

export async function fetchHeader(
	client: PublicClient,
	number: number | 'finalized'
): Promise<Header> {
	const block = await client.getBlock(
		number === 'finalized' ? { blockTag: 'finalized' } : { blockNumber: BigInt(number) }
	);
	return {
		number: Number(block.number),
		hash: block.hash!,
		parentHash: block.parentHash,
		time: new Date(Number(block.timestamp) * 1000)
	};
}

/** Headers `from..to`, sent as one JSON-RPC batch. */
export async function fetchHeaders(
	client: PublicClient,
	from: number,
	to: number
): Promise<Header[]> {
	return Promise.all(
		Array.from({ length: to - from + 1 }, (_, i) => fetchHeader(client, from + i))
	);
}

export interface TransferLog {
	token: string;
	from: string;
	to: string;
	value: bigint;
	txHash: string;
	logIndex: number;
	blockNumber: number;
	blockHash: string;
}

/**
 * Every Transfer of the given token contracts in a block range: one eth_getLogs whatever the number
 * of watched addresses; a range the provider refuses is split in halves.
 */
export async function fetchTransferLogs(
	client: PublicClient,
	tokens: `0x${string}`[],
	from: number,
	to: number
): Promise<TransferLog[]> {
	try {
		const logs = await client.getLogs({
			address: tokens,
			event: TRANSFER_EVENT,
			fromBlock: BigInt(from),
			toBlock: BigInt(to),
			strict: true
		});
		return logs.map((log) => ({
			token: log.address.toLowerCase(),
			from: log.args.from.toLowerCase(),
			to: log.args.to.toLowerCase(),
			value: log.args.value,
			txHash: log.transactionHash,
			logIndex: log.logIndex,
			blockNumber: Number(log.blockNumber),
			blockHash: log.blockHash
		}));
	} catch (error) {
		if (to <= from) throw error;
		const middle = Math.floor((from + to) / 2);
		return [
			...(await fetchTransferLogs(client, tokens, from, middle)),
			...(await fetchTransferLogs(client, tokens, middle + 1, to))
		];
	}
}
