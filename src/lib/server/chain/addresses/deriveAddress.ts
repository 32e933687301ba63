import { ECDH } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { bytesToHex, type Address } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';
import { KassaError } from '../../errors';

/** Version bytes of mainnet (xpub/xprv) and testnet (tpub/tprv) extended keys. */
const VERSIONS = [
	{ public: 0x0488b21e, private: 0x0488ade4 },
	{ public: 0x043587cf, private: 0x04358394 }
];
/** The depth of m/44'/60'/0': the account-level key a merchant's wallet exports. */
const ACCOUNT_DEPTH = 3;

/**
 * The deposit address number `index` below a merchant's account-level xpub (the key of
 * m/44'/60'/0'): its child 0 (external chain) then child `index`, i.e. m/44'/60'/0'/0/index, the
 * addresses wallets show for that account. Public derivation only: Kassa never holds the private key.
 */
export function deriveAddress(xpub: string, index: number): Address {
	if (!Number.isSafeInteger(index) || index < 0 || index >= 2 ** 31) {
		throw new RangeError(`Derivation index must be an integer from 0 to 2^31-1, got ${index}`);
	}
	const child = parseXpub(xpub).deriveChild(0).deriveChild(index);
	if (!child.publicKey) throw new Error(`No public key at index ${index}`);
	// BIP-32 keys are compressed; an Ethereum address hashes the uncompressed point.
	const point = ECDH.convertKey(child.publicKey, 'secp256k1', undefined, undefined, 'uncompressed');
	return publicKeyToAddress(bytesToHex(Buffer.from(point)));
}

/** Checks a merchant's xpub (also when it is entered): an account-level extended public key. */
export function parseXpub(xpub: string): HDKey {
	const invalid = (message: string, cause?: unknown) =>
		new KassaError('parameter_invalid', message, { param: 'xpub', cause });
	let key: HDKey | undefined;
	let cause: unknown;
	for (const versions of VERSIONS) {
		try {
			key = HDKey.fromExtendedKey(xpub, versions);
			break;
		} catch (error) {
			cause = error;
		}
	}
	if (!key) throw invalid("Not an extended public key: expected the xpub… of m/44'/60'/0'.", cause);
	if (key.privateKey) {
		throw invalid('That is an extended private key: give Kassa the xpub only, never the xprv.');
	}
	if (key.depth !== ACCOUNT_DEPTH) {
		throw invalid(
			`Expected the account-level xpub of m/44'/60'/0' (depth 3); this one has depth ${key.depth}.`
		);
	}
	return key;
}
