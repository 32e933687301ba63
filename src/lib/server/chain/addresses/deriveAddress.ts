import { HDKey } from '@scure/bip32';
import { publicKeyToAddress } from 'viem/accounts';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from 'viem';

/**
 * The deposit address at `index` below a merchant's account-level xpub (m/44'/60'/0'):
 * child 0 (external chain) then child `index`, i.e. m/44'/60'/0'/0/index. Public keys only.
 */
export function deriveAddress(xpub: string, index: number): `0x${string}` {
	if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31)
		throw new Error(`Invalid derivation index ${index}`);
	const child = parseXpub(xpub).deriveChild(0).deriveChild(index);
	const uncompressed = secp256k1.Point.fromHex(bytesToHex(child.publicKey!).slice(2)).toBytes(
		false
	);
	return publicKeyToAddress(bytesToHex(uncompressed));
}

export function parseXpub(xpub: string): HDKey {
	let key: HDKey;
	try {
		key = HDKey.fromExtendedKey(xpub);
	} catch (error) {
		throw new Error('Not an extended public key (xpub…)', { cause: error });
	}
	if (key.privateKey) throw new Error('That is an extended PRIVATE key; give Kassa the xpub only');
	return key;
}
