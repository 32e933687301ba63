import { createAccount, createApiKey } from '../../src/lib/server/accounts/accounts';
import type { Kassa } from '../../src/lib/server/runtime/Kassa';

/** A fresh account with a test and a live key: tests isolate by account as merchants do. */
export async function merchant(kassa: Kassa, name = 'Shop') {
	const account = await createAccount(kassa.db, { name });
	const test = await createApiKey(kassa.db, { accountId: account.id, mode: 'test' });
	const live = await createApiKey(kassa.db, { accountId: account.id, mode: 'live' });
	return { accountId: account.id, testKey: test.key, liveKey: live.key };
}
