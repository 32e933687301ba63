import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testKassa } from '../../../../tests/support/testKassa';
import { HDKey } from '@scure/bip32';
import { authenticate } from '../accounts/accounts';
import { findAccount } from '../accounts/repo';
import type { Kassa } from '../runtime/Kassa';
import { runCli } from './runCli';

let kassa: Kassa;
beforeAll(async () => {
	kassa = await testKassa();
});
afterAll(() => kassa.close());

async function cli(...argv: string[]) {
	const out: string[] = [];
	const err: string[] = [];
	const code = await runCli(kassa, argv, {
		out: (line) => out.push(line),
		err: (line) => err.push(line)
	});
	return { code, out, err, last: out.at(-1) ?? '' };
}

async function newAccount(name = 'Shop') {
	const { code, last } = await cli('accounts', 'create', '--name', name);
	expect(code).toBe(0);
	return last;
}

describe('accounts', () => {
	it('create prints the new account id as the last line; list shows it', async () => {
		const id = await newAccount('Corner Shop');
		expect(id).toMatch(/^acct_[0-9A-Za-z]{22}$/);
		const list = await cli('accounts', 'list');
		expect(list.code).toBe(0);
		expect(list.out).toContainEqual(expect.stringMatching(new RegExp(`^${id} .* Corner Shop$`)));
	});

	it('accepts --name=value', async () => {
		const { code, out } = await cli('accounts', 'create', '--name=Other Shop');
		expect(code).toBe(0);
		expect(out[0]).toContain('"Other Shop"');
	});
});

describe('accounts update', () => {
	const xpub = HDKey.fromMasterSeed(new Uint8Array(32).fill(7)).derive(
		"m/44'/60'/0'"
	).publicExtendedKey;

	it('sets branding, receiving xpubs and the tolerance', async () => {
		const id = await newAccount();
		const res = await cli(
			'accounts',
			'update',
			'--account',
			id,
			'--display-name',
			'Corner Shop',
			'--accent-color',
			'#112233',
			'--xpub-live',
			xpub,
			'--tolerance-ppm',
			'500'
		);
		expect(res.code).toBe(0);
		const account = await findAccount(kassa.db, id);
		expect(account).toMatchObject({
			displayName: 'Corner Shop',
			accentColor: '#112233',
			xpubLive: xpub,
			underpaymentTolerancePpm: 500
		});
	});

	it('refuses private keys, bad values and unknown accounts, changing nothing', async () => {
		const id = await newAccount();
		const xprv = HDKey.fromMasterSeed(new Uint8Array(32).fill(7)).derive(
			"m/44'/60'/0'"
		).privateExtendedKey;
		expect((await cli('accounts', 'update', '--account', id, '--xpub-live', xprv)).code).toBe(2);
		expect((await cli('accounts', 'update', '--account', id, '--accent-color', 'red')).code).toBe(
			2
		);
		expect((await cli('accounts', 'update', '--account', id)).code).toBe(2);
		expect((await cli('accounts', 'update', '--account', 'acct_nope', '--name', 'X')).code).toBe(1);
		expect((await findAccount(kassa.db, id))?.xpubLive).toBeNull();
	});
});

describe('keys', () => {
	it.each(['test', 'live'] as const)(
		'create --mode %s prints the key alone as the last line, once, and it authenticates',
		async (mode) => {
			const accountId = await newAccount();
			const { code, out, last } = await cli(
				'keys',
				'create',
				'--account',
				accountId,
				'--mode',
				mode
			);
			expect(code).toBe(0);
			expect(last).toMatch(new RegExp(`^sk_${mode}_[0-9A-Za-z]{24,}$`));
			expect(out.join('\n').split(last)).toHaveLength(2);
			expect(await authenticate(kassa.db, last)).toEqual({
				accountId,
				mode,
				livemode: mode === 'live'
			});
		}
	);

	it('revoke takes the key itself or its id, and refuses a key already revoked', async () => {
		const accountId = await newAccount();
		const first = await cli('keys', 'create', '--account', accountId, '--mode', 'test');
		expect((await cli('keys', 'revoke', first.last)).code).toBe(0);
		await expect(authenticate(kassa.db, first.last)).rejects.toThrow('Invalid API key');
		const again = await cli('keys', 'revoke', first.last);
		expect(again.code).toBe(1);
		expect(again.err[0]).toMatch(/No active key/);

		const second = await cli('keys', 'create', '--account', accountId, '--mode', 'live');
		const keyId = /\b(key_[0-9A-Za-z]+)\b/.exec(second.out[0] ?? '')?.[1];
		expect(keyId).toBeDefined();
		const revoked = await cli('keys', 'revoke', keyId!);
		expect(revoked.code).toBe(0);
		expect(revoked.out[0]).toContain(keyId);
		await expect(authenticate(kassa.db, second.last)).rejects.toThrow('Invalid API key');
	});

	it('create for an unknown account fails with exit code 1', async () => {
		const { code, out, err } = await cli(
			'keys',
			'create',
			'--account',
			'acct_doesnotexist',
			'--mode',
			'test'
		);
		expect(code).toBe(1);
		expect(out).toEqual([]);
		expect(err[0]).toMatch(/No such account: 'acct_doesnotexist'/);
	});
});

describe('bad arguments', () => {
	it.each([
		[[], /Usage/],
		[['frob'], /Unknown command: frob/],
		[['accounts'], /Unknown command: accounts/],
		[['accounts', 'delete'], /Unknown command: accounts delete/],
		[['accounts', 'create'], /Missing --name/],
		[['accounts', 'create', '--name'], /argument missing/],
		[['accounts', 'create', '--name', '  '], /Missing --name/],
		[['accounts', 'create', '--name', 'A', '--bogus', 'x'], /Unknown option '--bogus'/],
		[['accounts', 'list', 'extra'], /Unexpected argument: extra/],
		[['keys', 'create', '--mode', 'test'], /Missing --account/],
		[['keys', 'create', '--account', 'acct_x'], /Missing --mode test\|live/],
		[['keys', 'create', '--account', 'acct_x', '--mode', 'prod'], /--mode must be test or live/],
		[['keys', 'create', '--account', 'shop', '--mode', 'test'], /--account must be an account id/],
		[['keys', 'revoke'], /Missing the key to revoke/],
		[['keys', 'revoke', 'pk_123'], /Not a secret key or key id/],
		[['keys', 'revoke', 'key_a', 'key_b'], /Unexpected argument: key_b/]
	])('%j exits with 2 and says why', async (argv, message) => {
		const { code, out, err } = await cli(...argv);
		expect(code).toBe(2);
		expect(out).toEqual([]);
		expect(err.join('\n')).toMatch(message);
	});

	it('help prints the usage and exits with 0', async () => {
		for (const argv of [['help'], ['--help'], ['keys', 'create', '--help']]) {
			const { code, out } = await cli(...argv);
			expect(code).toBe(0);
			expect(out.join('\n')).toMatch(/keys create --account <acct_…> --mode test\|live/);
		}
	});
});
