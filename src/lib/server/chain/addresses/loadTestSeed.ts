import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { HDKey } from '@scure/bip32';
import { generateMnemonic, mnemonicToSeedSync } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';

const ACCOUNT_PATH = "m/44'/60'/0'";

/**
 * Test mode without a merchant xpub: a wallet made once per installation (a BIP-39 mnemonic in
 * `<dataDir>/test-wallet.json`, importable into any wallet to move test funds). Returns the xpub of
 * its first account; never the public development mnemonic.
 */
export async function loadTestSeed(dataDir: string): Promise<string> {
	const file = join(dataDir, 'test-wallet.json');
	let mnemonic: string;
	try {
		mnemonic = (JSON.parse(await readFile(file, 'utf8')) as { mnemonic: string }).mnemonic;
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
		mnemonic = generateMnemonic(wordlist, 128);
		await mkdir(dataDir, { recursive: true });
		try {
			await writeFile(
				file,
				`${JSON.stringify({ mnemonic, path: `${ACCOUNT_PATH}/0/i`, note: 'Test-mode receiving wallet. Never use for real funds.' }, null, 2)}\n`,
				{ mode: 0o600, flag: 'wx' }
			);
		} catch (raced) {
			if ((raced as NodeJS.ErrnoException).code !== 'EEXIST') throw raced;
			return loadTestSeed(dataDir);
		}
	}
	return HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive(ACCOUNT_PATH).publicExtendedKey;
}
