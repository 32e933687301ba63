import type { Kassa } from '../../runtime/Kassa';
import { recomputeIntent } from '../../intents/recomputeIntent';
import { holdsLease } from '../../jobs/lease';
import type { PublicClient } from 'viem';
import { fetchHeader } from './fetchChainData';
import { advanceCursor, orphanAbove, storedHeader, type Cursor } from './watcherRepo';

/**
 * The chain no longer builds on the cursor's block: find the newest stored block still canonical,
 * orphan every transfer above it and re-derive the intents that counted them.
 */
export async function rollBack(
	kassa: Kassa,
	client: PublicClient,
	chainId: number,
	cursor: Cursor,
	lease: { name: string; holder: string }
): Promise<number> {
	const db = kassa.db;
	let number = cursor.blockNumber - 1;
	let ancestor: { number: number; hash: string; parentHash: string; time: Date } | undefined;
	while (number >= 0 && !ancestor) {
		const stored = await storedHeader(db, chainId, number);
		if (!stored) break;
		const remote = await fetchHeader(client, number);
		if (remote.hash === stored.blockHash) ancestor = remote;
		number -= 1;
	}
	if (!ancestor)
		throw new Error(
			`Chain ${chainId} reorganised deeper than the stored block window; operator attention needed`
		);
	await db.transaction(async (tx) => {
		if (!(await holdsLease(tx, lease.name, lease.holder))) return;
		if (!(await advanceCursor(tx, chainId, cursor, ancestor))) return;
		const affected = await orphanAbove(tx, chainId, ancestor.number);
		for (const id of [...new Set(affected)].sort()) await recomputeIntent(kassa, tx, id);
	});
	return ancestor.number;
}
