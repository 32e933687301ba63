import type { Client, Hash } from 'viem';
import { getBlock } from 'viem/actions';

/**
 * Block 0's hash against the one recorded for this chain (null: nothing recorded yet, so it
 * matches and the caller records it). A mismatch means the node runs another chain, e.g. a stand-in
 * whose state file was lost: Kassa must stop rather than mix its records with a new chain's blocks.
 */
export async function checkGenesis(
	client: Client,
	recordedHash: string | null
): Promise<{ hash: Hash; matches: boolean }> {
	const { hash } = await getBlock(client, { blockNumber: 0n, includeTransactions: false });
	return {
		hash,
		matches: recordedHash === null || recordedHash.toLowerCase() === hash.toLowerCase()
	};
}
