import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheckoutSession } from '../../src/lib/server/checkout/createCheckoutSession';
import { getCheckoutSession } from '../../src/lib/server/checkout/getCheckoutSession';
import { intentObject } from '../../src/lib/server/intents/intentObject';
import { selectToken } from '../../src/lib/server/intents/selectToken';
import type { Kassa } from '../../src/lib/server/runtime/Kassa';
import { merchant } from '../support/merchant';
import { testKassa } from '../support/testKassa';

let kassa: Kassa;
beforeAll(async () => {
	kassa = await testKassa({ KASSA_RATES: 'GBP/USD=1.2534' });
});
afterAll(() => kassa.close());

describe('operator exchange rates', () => {
	it('price a GBP session in USD tokens, rounded up to base units, and lock the rate on the session', async () => {
		const shop = await merchant(kassa);
		const principal = { accountId: shop.accountId, mode: 'test' as const, livemode: false };
		const session = await createCheckoutSession(kassa, principal, {
			success_url: 'https://shop.example/ok',
			cancel_url: 'https://shop.example/no',
			currency: 'gbp',
			line_items: [{ unit_amount: '10.01', quantity: 1, product_data: { name: 'Tea' } }]
		});
		expect(session.supported_tokens.map((t) => t.currency)).not.toContain('EURC');
		const intent = await selectToken(kassa, {
			sessionId: session.id,
			csrfToken: session.csrf_token,
			chain: 'base',
			currency: 'USDC'
		});
		// 10.01 × 1.2534 = 12.546534 USDC exactly at 6 decimals.
		expect(intentObject(intent, []).amount).toBe('12.546534');
		const after = await getCheckoutSession(kassa, principal, session.id);
		expect(after.exchange_rate).toBe('1.2534');
		await expect(
			createCheckoutSession(kassa, principal, {
				success_url: 'https://shop.example/ok',
				cancel_url: 'https://shop.example/no',
				currency: 'JPY',
				line_items: [{ unit_amount: '100', quantity: 1, product_data: { name: 'x' } }]
			})
		).rejects.toMatchObject({ code: 'parameter_invalid', param: 'currency' });
	});
});
