import { pbkdf2Sync } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { mnemonicToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { deriveAddress } from './deriveAddress';

const DEV_MNEMONIC = 'test test test test test test test test test test test junk';
// BIP-39 seed (PBKDF2-HMAC-SHA512, salt "mnemonic", 2048 rounds) of the public development mnemonic.
const seed = pbkdf2Sync(DEV_MNEMONIC, 'mnemonic', 2048, 64, 'sha512');
const root = HDKey.fromMasterSeed(seed);
const account = root.derive("m/44'/60'/0'");
const xpub = account.publicExtendedKey;

describe('deriveAddress', () => {
	it("derives m/44'/60'/0'/0/i from the xpub of m/44'/60'/0'", () => {
		expect(xpub).toBe(
			'xpub6Ce9NcJvTk36xtLSrJLZqE7wtgA5deCeYs7rSQtreh4cj6ByPtrg9sD7V2FNFLPnf8heNP3FGkeV9qwfzvZNSd54JoNXVsXFYSYwHsnJxqP'
		);
		expect(deriveAddress(xpub, 0)).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
		expect(deriveAddress(xpub, 1)).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
		for (const index of [2, 9, 1000, 2 ** 31 - 1]) {
			expect(deriveAddress(xpub, index)).toBe(
				mnemonicToAccount(DEV_MNEMONIC, { addressIndex: index }).address
			);
		}
	});

	it('accepts the testnet form (tpub) of the same key', () => {
		const testnet = { private: 0x04358394, public: 0x043587cf };
		const tpub = HDKey.fromMasterSeed(seed, testnet).derive("m/44'/60'/0'").publicExtendedKey;
		expect(tpub).toMatch(/^tpub/);
		expect(deriveAddress(tpub, 1)).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
	});

	it('refuses private keys, other depths, garbage and bad indexes, naming the field', () => {
		expect(() => deriveAddress(account.privateExtendedKey, 0)).toThrow(/private key/);
		expect(() => deriveAddress(root.publicExtendedKey, 0)).toThrow(/depth 0/);
		expect(() => deriveAddress(account.deriveChild(0).publicExtendedKey, 0)).toThrow(/depth 4/);
		expect(() => deriveAddress('xpub-nonsense', 0)).toThrow(
			expect.objectContaining({ code: 'parameter_invalid', param: 'xpub' })
		);
		expect(() => deriveAddress(xpub.slice(0, -1) + 'A', 0)).toThrow(/Not an extended public key/);
		for (const index of [-1, 1.5, 2 ** 31, Number.NaN]) {
			expect(() => deriveAddress(xpub, index)).toThrow(RangeError);
		}
	});
});
