import { createHash, pbkdf2 } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { HDKey } from '@scure/bip32';
import { english, generateMnemonic } from 'viem/accounts';
import { z } from 'zod';

const FILE = 'test-wallet.json';
const ACCOUNT_PATH = "m/44'/60'/0'";
const PUBLIC_DEV_MNEMONIC = 'test test test test test test test test test test test junk';
const WalletFile = z.object({ mnemonic: z.string() });

/**
 * Test mode without a merchant xpub: a BIP-39 mnemonic (12 words, 128 random bits) made once per
 * installation into `<dataDir>/test-wallet.json` (mode 0600), so a developer can import it into any
 * wallet to move test funds. Returns the xpub of its account m/44'/60'/0' (addresses m/44'/60'/0'/0/i).
 */
export async function loadTestSeed(dataDir: string): Promise<string> {
	const file = join(dataDir, FILE);
	let mnemonic = await readMnemonic(file);
	if (mnemonic === undefined) {
		mnemonic = generateMnemonic(english, 128);
		const body = {
			mnemonic,
			derivationPath: `${ACCOUNT_PATH}/0/i`,
			note: "Kassa's test-mode receiving wallet for this installation. Test funds only."
		};
		await mkdir(dataDir, { recursive: true });
		try {
			await writeFile(file, `${JSON.stringify(body, null, '\t')}\n`, { mode: 0o600, flag: 'wx' });
		} catch (error) {
			// Another process made it first: use that one.
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
			mnemonic = await readMnemonic(file);
			if (mnemonic === undefined) throw error;
		}
	}
	// The BIP-39 seed: PBKDF2-HMAC-SHA512 of the NFKD words, salt "mnemonic", 2048 rounds, 64 bytes.
	const seed = await promisify(pbkdf2)(mnemonic.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512');
	return HDKey.fromMasterSeed(seed).derive(ACCOUNT_PATH).publicExtendedKey;
}

async function readMnemonic(file: string): Promise<string | undefined> {
	let text: string;
	try {
		text = await readFile(file, 'utf8');
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
		throw error;
	}
	const parsed = WalletFile.safeParse(parseJson(text));
	const phrase = parsed.success ? parsed.data.mnemonic.trim().split(/\s+/).join(' ') : '';
	if (!isMnemonic(phrase)) {
		throw new Error(
			`${file} holds no valid BIP-39 mnemonic: restore it (test payments went to it) or delete it.`
		);
	}
	if (phrase === PUBLIC_DEV_MNEMONIC) {
		throw new Error(
			`${file} holds the public development mnemonic: anyone could take those funds.`
		);
	}
	return phrase;
}

function parseJson(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return undefined;
	}
}

/** English words whose last bits are the SHA-256 checksum of the rest (BIP-39). */
function isMnemonic(phrase: string): boolean {
	const indexes = phrase.split(' ').map((word) => english.indexOf(word));
	if (![12, 15, 18, 21, 24].includes(indexes.length) || indexes.includes(-1)) return false;
	const bits = indexes.map((index) => index.toString(2).padStart(11, '0')).join('');
	const entropyBits = (indexes.length * 11 * 32) / 33;
	const entropy = Buffer.from(
		bits
			.slice(0, entropyBits)
			.match(/.{8}/g)!
			.map((byte) => parseInt(byte, 2))
	);
	const digest = createHash('sha256').update(entropy).digest();
	const checksum = [...digest].map((byte) => byte.toString(2).padStart(8, '0')).join('');
	return bits.slice(entropyBits) === checksum.slice(0, entropyBits / 32);
}
