import { afterEach, describe, expect, it } from 'vitest';
import { testKassa } from '../../../../tests/support/testKassa';
import { authenticate, createAccount } from '../accounts/accounts';
import { listAccounts } from '../accounts/repo';
import { getCheckoutSession } from '../checkout/getCheckoutSession';
import { firstRun } from './firstRun';
import type { Kassa } from './Kassa';

let kassa: Kassa | undefined;
afterEach(() => kassa?.close());

const sessionIdOf = (url: string | null | undefined) =>
	new URL(url ?? 'http://x').searchParams.get('session_id') ?? '';

describe('firstRun', () => {
	it('on an empty database makes a development account, a test key and a demo session; then never again', async () => {
		kassa = await testKassa();
		const info = await firstRun(kassa);
		expect(info).not.toBeNull();
		const principal = await authenticate(kassa.db, info!.key);
		expect(principal).toEqual({ accountId: info!.accountId, mode: 'test', livemode: false });
		expect(info!.checkoutUrl).toMatch(/^http:\/\/kassa\.test\/checkout\?session_id=chk_test_/);
		const session = await getCheckoutSession(kassa, principal, sessionIdOf(info!.checkoutUrl));
		expect(session).toMatchObject({ currency: 'USD', amount_total: '20.00', status: 'open' });
		expect(session.line_items).toMatchObject([
			{ quantity: 1, unit_amount: '20.00', product_data: { name: 'Demo T-shirt' } }
		]);
		expect(session.supported_tokens.length).toBeGreaterThan(0);

		expect(await firstRun(kassa)).toBeNull();
		expect(await listAccounts(kassa.db)).toHaveLength(1);
	});

	it('returns null when an account exists already', async () => {
		kassa = await testKassa();
		await createAccount(kassa.db, { name: 'Shop' });
		expect(await firstRun(kassa)).toBeNull();
		expect(await listAccounts(kassa.db)).toHaveLength(1);
	});

	it('with KASSA_BOOTSTRAP_KEY shows that key and makes the demo session on its account', async () => {
		const key = 'sk_test_BootstrapBootstrapBootstrap1';
		kassa = await testKassa({ KASSA_BOOTSTRAP_KEY: key });
		const info = await firstRun(kassa);
		expect(info?.key).toBe(key);
		const principal = await authenticate(kassa.db, key);
		expect(info?.accountId).toBe(principal.accountId);
		await expect(
			getCheckoutSession(kassa, principal, sessionIdOf(info?.checkoutUrl))
		).resolves.toMatchObject({ amount_total: '20.00' });
		expect(await firstRun(kassa)).toBeNull();
		expect(await listAccounts(kassa.db)).toHaveLength(1);
	});

	it('still makes the key when test mode offers no token, without a demo session', async () => {
		kassa = await testKassa({ KASSA_DEV_CHAINS: 'off' });
		const info = await firstRun(kassa);
		expect(info?.key).toMatch(/^sk_test_/);
		expect(info?.checkoutUrl).toBeNull();
	});
});
