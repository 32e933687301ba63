import { deriveAddress } from '../chain/addresses/deriveAddress';
import { loadTestSeed } from '../chain/addresses/loadTestSeed';
import type { Tx } from '../db/openDatabase';
import type { Mode } from '../db/tables/columns';
import { KassaError } from '../errors';
import { findAccount } from '../accounts/repo';
import type { Kassa } from '../runtime/Kassa';
import { allocateIndex } from './repo';

/** A never-used deposit address from the account's xpub for the mode (no private key here). */
export async function issueAddress(kassa: Kassa, tx: Tx, accountId: string, mode: Mode) {
	const account = await findAccount(tx, accountId);
	let xpub = mode === 'live' ? account?.xpubLive : account?.xpubTest;
	if (!xpub && mode === 'test') xpub = await loadTestSeed(kassa.config.dataDir);
	if (!xpub) {
		throw new KassaError(
			'mode_not_configured',
			'Live payments need the account’s xpub: set it with `npm run kassa -- accounts update --account <acct_…> --xpub-live <xpub>`.'
		);
	}
	const index = await allocateIndex(tx, xpub);
	return { xpub, index, address: deriveAddress(xpub, index).toLowerCase() };
}
