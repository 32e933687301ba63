import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { describe, expect, it } from 'vitest';
import { DEV_MNEMONIC } from '../devChain/devAccounts';
import { deriveAddress } from './deriveAddress';
import { loadTestSeed } from './loadTestSeed';

const devXpub = HDKey.fromMasterSeed(mnemonicToSeedSync(DEV_MNEMONIC)).derive(
	"m/44'/60'/0'"
).publicExtendedKey;

describe('deriveAddress', () => {
	it('derives m/44’/60’/0’/0/i from the account xpub', () => {
		expect(deriveAddress(devXpub, 0)).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
		expect(deriveAddress(devXpub, 1)).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
	});

	it('refuses private keys and garbage', () => {
		const xprv = HDKey.fromMasterSeed(mnemonicToSeedSync(DEV_MNEMONIC)).derive(
			"m/44'/60'/0'"
		).privateExtendedKey;
		expect(() => deriveAddress(xprv, 0)).toThrow(/PRIVATE/);
		expect(() => deriveAddress('xpub-nonsense', 0)).toThrow(/extended public key/);
		expect(() => deriveAddress(devXpub, -1)).toThrow();
	});
});

describe('loadTestSeed', () => {
	it('makes one wallet per installation, kept private, never the development mnemonic', async () => {
		const dir = await mkdtemp(join(tmpdir(), 'kassa-seed-'));
		const first = await loadTestSeed(dir);
		expect(await loadTestSeed(dir)).toBe(first);
		expect(first).not.toBe(devXpub);
		expect((await stat(join(dir, 'test-wallet.json'))).mode & 0o777).toBe(0o600);
		expect(await readFile(join(dir, 'test-wallet.json'), 'utf8')).not.toContain(DEV_MNEMONIC);
		const other = await loadTestSeed(await mkdtemp(join(tmpdir(), 'kassa-seed-')));
		expect(other).not.toBe(first);
	});
});
