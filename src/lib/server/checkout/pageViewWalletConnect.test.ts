import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchant } from '../../../../tests/support/merchant';
import { testKassa } from '../../../../tests/support/testKassa';
import { ConfigError, loadConfig } from '../config/env';
import type { Kassa } from '../runtime/Kassa';
import { createCheckoutSession } from './createCheckoutSession';
import { findSessionForPage } from './findSessionForPage';
import { pageView } from './pageView';
import { CreateCheckoutSessionInput } from './schemas';

const PROJECT_ID = '0123456789abcdef0123456789abcdef';

let plain: Kassa;
let configured: Kassa;
beforeAll(async () => {
	plain = await testKassa();
	configured = await testKassa({ KASSA_WALLETCONNECT_PROJECT_ID: PROJECT_ID });
});
afterAll(async () => {
	await plain?.close();
	await configured?.close();
});

async function viewOf(kassa: Kassa) {
	const { accountId } = await merchant(kassa, 'Shop');
	const input = CreateCheckoutSessionInput.parse({
		success_url: 'https://shop.example/ok',
		cancel_url: 'https://shop.example/no',
		currency: 'usd',
		line_items: [{ unit_amount: '5.00', quantity: 1, product_data: { name: 'Mug' } }]
	});
	const principal = { accountId, mode: 'test' as const, livemode: false };
	const created = await createCheckoutSession(kassa, principal, input);
	const row = (await findSessionForPage(kassa.db, created.id))!;
	return pageView(kassa, row, { locale: 'en', choose: false });
}

describe('WalletConnect on the checkout page', () => {
	it('reads KASSA_WALLETCONNECT_PROJECT_ID loosely and leaves it unset by default', () => {
		expect(loadConfig({}).walletConnectProjectId).toBeUndefined();
		expect(loadConfig({ KASSA_WALLETCONNECT_PROJECT_ID: PROJECT_ID }).walletConnectProjectId).toBe(
			PROJECT_ID
		);
		for (const bad of ['short', 'has spaces in it', 'x'.repeat(65), 'abc-def-ghi'])
			expect(() => loadConfig({ KASSA_WALLETCONNECT_PROJECT_ID: bad })).toThrow(ConfigError);
	});

	it('gives the page the project id only when one is configured', async () => {
		const without = await viewOf(plain);
		expect('walletConnectProjectId' in without).toBe(false);
		expect(JSON.stringify(without)).not.toMatch(/walletConnect/i);
		expect((await viewOf(configured)).walletConnectProjectId).toBe(PROJECT_ID);
	});
});
