import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheckoutSession } from '../../src/lib/server/checkout/createCheckoutSession';
import { selectToken } from '../../src/lib/server/intents/selectToken';
import type { Kassa } from '../../src/lib/server/runtime/Kassa';
import { merchant } from '../support/merchant';
import { testKassa } from '../support/testKassa';

let kassa: Kassa;
beforeAll(async () => {
	kassa = await testKassa();
});
afterAll(() => kassa.close());

async function intentFor(accountId: string) {
	const principal = { accountId, mode: 'test' as const, livemode: false };
	const session = await createCheckoutSession(kassa, principal, {
		success_url: 'https://shop.example/ok',
		cancel_url: 'https://shop.example/no',
		currency: 'USD',
		line_items: [{ unit_amount: '1.00', quantity: 1, product_data: { name: 'x' } }],
		supported_tokens: [{ chain: 'base', currency: 'USDC' }]
	});
	return selectToken(kassa, {
		sessionId: session.id,
		csrfToken: session.csrf_token,
		chain: 'base',
		currency: 'USDC'
	});
}

describe('one-time addresses from the installation test wallet', () => {
	it('never repeat across accounts that share it', async () => {
		const a = await merchant(kassa, 'A');
		const b = await merchant(kassa, 'B');
		const intents = [
			await intentFor(a.accountId),
			await intentFor(b.accountId),
			await intentFor(a.accountId)
		];
		expect(new Set(intents.map((i) => i.address)).size).toBe(3);
		expect(intents.map((i) => i.derivationIndex)).toEqual([0, 1, 2]);
	});

	it('refuses a page action without the csrf token', async () => {
		const a = await merchant(kassa, 'C');
		const principal = { accountId: a.accountId, mode: 'test' as const, livemode: false };
		const session = await createCheckoutSession(kassa, principal, {
			success_url: 'https://shop.example/ok',
			cancel_url: 'https://shop.example/no',
			currency: 'USD',
			line_items: [{ unit_amount: '1.00', quantity: 1, product_data: { name: 'x' } }]
		});
		await expect(
			selectToken(kassa, {
				sessionId: session.id,
				csrfToken: 'nope',
				chain: 'base',
				currency: 'USDC'
			})
		).rejects.toMatchObject({ code: 'csrf_token_invalid' });
	});
});
