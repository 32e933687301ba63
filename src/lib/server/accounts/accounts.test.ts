import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testKassa } from '../../../../tests/support/testKassa';
import { KassaError } from '../errors';
import { queryRows } from '../db/queryRows';
import type { Kassa } from '../runtime/Kassa';
import {
	authenticate,
	createAccount,
	createApiKey,
	ensureBootstrapKey,
	revokeApiKey
} from './accounts';

describe('accounts and keys', () => {
	let kassa: Kassa;
	beforeAll(async () => {
		kassa = await testKassa();
	});
	afterAll(() => kassa.close());

	it('issues keys that authenticate to their account and mode, stored only as hashes', async () => {
		const account = await createAccount(kassa.db, { name: 'Shop' });
		const test = await createApiKey(kassa.db, { accountId: account.id, mode: 'test' });
		const live = await createApiKey(kassa.db, { accountId: account.id, mode: 'live' });
		expect(test.key).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);
		expect(live.key).toMatch(/^sk_live_/);
		expect(await authenticate(kassa.db, test.key)).toEqual({
			accountId: account.id,
			mode: 'test',
			livemode: false
		});
		expect((await authenticate(kassa.db, live.key)).mode).toBe('live');
		const dump = JSON.stringify(await queryRows(kassa.db, 'SELECT * FROM api_keys'));
		expect(dump).not.toContain(test.key);
		expect(dump).not.toContain(test.key.slice(8, 30));
	});

	it('refuses unknown, malformed and revoked keys', async () => {
		const account = await createAccount(kassa.db, { name: 'Shop' });
		const { key } = await createApiKey(kassa.db, { accountId: account.id, mode: 'test' });
		await expect(authenticate(kassa.db, 'sk_test_' + 'x'.repeat(32))).rejects.toThrow(KassaError);
		await expect(authenticate(kassa.db, 'nonsense')).rejects.toThrow(KassaError);
		expect(await revokeApiKey(kassa.db, key)).toBe(true);
		await expect(authenticate(kassa.db, key)).rejects.toMatchObject({ code: 'api_key_invalid' });
	});

	it('makes a bootstrap test key work, once, and refuses a live one', async () => {
		const key = 'sk_test_' + 'B'.repeat(30);
		const first = await ensureBootstrapKey(kassa.db, key);
		const again = await ensureBootstrapKey(kassa.db, key);
		expect(again.accountId).toBe(first.accountId);
		expect((await authenticate(kassa.db, key)).accountId).toBe(first.accountId);
		await expect(ensureBootstrapKey(kassa.db, 'sk_live_' + 'C'.repeat(30))).rejects.toThrow(
			/test key/
		);
	});
});
