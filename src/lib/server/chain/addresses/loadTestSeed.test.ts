import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HDKey } from '@scure/bip32';
import { mnemonicToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { deriveAddress } from './deriveAddress';
import { loadTestSeed } from './loadTestSeed';

const DEV_MNEMONIC = 'test test test test test test test test test test test junk';
const DEV_XPUB =
	'xpub6Ce9NcJvTk36xtLSrJLZqE7wtgA5deCeYs7rSQtreh4cj6ByPtrg9sD7V2FNFLPnf8heNP3FGkeV9qwfzvZNSd54JoNXVsXFYSYwHsnJxqP';
const newDir = () => mkdtemp(join(tmpdir(), 'kassa-seed-'));

describe('loadTestSeed', () => {
	it('makes one private wallet per installation and keeps it', async () => {
		const dir = join(await newDir(), 'data');
		const xpub = await loadTestSeed(dir);
		const file = join(dir, 'test-wallet.json');
		expect((await stat(file)).mode & 0o777).toBe(0o600);
		const saved = await readFile(file, 'utf8');
		expect(await loadTestSeed(dir)).toBe(xpub);
		expect(await readFile(file, 'utf8')).toBe(saved);
		expect(HDKey.fromExtendedKey(xpub).depth).toBe(3);
		expect(xpub).not.toBe(DEV_XPUB);
		expect(await loadTestSeed(await newDir())).not.toBe(xpub);
	});

	it('stores a mnemonic any wallet imports to the very addresses Kassa issues', async () => {
		const dir = await newDir();
		const xpub = await loadTestSeed(dir);
		const { mnemonic } = JSON.parse(await readFile(join(dir, 'test-wallet.json'), 'utf8'));
		expect(mnemonic.split(' ')).toHaveLength(12);
		expect(mnemonic).not.toBe(DEV_MNEMONIC);
		for (const index of [0, 1, 7]) {
			expect(deriveAddress(xpub, index)).toBe(
				mnemonicToAccount(mnemonic, { addressIndex: index }).address
			);
		}
	});

	it('reads a saved mnemonic, and refuses a damaged one or the public development one', async () => {
		const dir = await newDir();
		const file = join(dir, 'test-wallet.json');
		await writeFile(file, JSON.stringify({ mnemonic: 'abandon '.repeat(11) + 'about' }));
		expect(deriveAddress(await loadTestSeed(dir), 0)).toBe(
			mnemonicToAccount('abandon '.repeat(11) + 'about').address
		);
		await writeFile(file, JSON.stringify({ mnemonic: 'abandon '.repeat(12).trim() }));
		await expect(loadTestSeed(dir)).rejects.toThrow(/no valid BIP-39 mnemonic/);
		await writeFile(file, '{"mnemonic": ');
		await expect(loadTestSeed(dir)).rejects.toThrow(/no valid BIP-39 mnemonic/);
		await writeFile(file, JSON.stringify({ mnemonic: DEV_MNEMONIC }));
		await expect(loadTestSeed(dir)).rejects.toThrow(/public development mnemonic/);
	});

	it('gives racing first calls one and the same wallet', async () => {
		const dir = await newDir();
		const results = await Promise.all(Array.from({ length: 5 }, () => loadTestSeed(dir)));
		expect(new Set(results).size).toBe(1);
	});
});
