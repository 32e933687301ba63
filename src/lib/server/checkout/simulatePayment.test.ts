import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchant } from '../../../../tests/support/merchant';
import { testKassa } from '../../../../tests/support/testKassa';
import { KassaError } from '../errors';
import { selectToken } from '../intents/selectToken';
import type { Kassa } from '../runtime/Kassa';
import { createCheckoutSession } from './createCheckoutSession';
import { CreateCheckoutSessionInput } from './schemas';
import { simulatePayment } from './simulatePayment';

/** The refusals; the send itself runs against a real chain in tests/e2e/checkout*.test.ts. */
let kassa: Kassa;
let accountId: string;
beforeAll(async () => {
	// Live base and test base on "real" RPC urls (never called): neither is a stand-in.
	kassa = await testKassa({
		KASSA_RPC_URL_BASE: 'http://127.0.0.1:9/live',
		KASSA_TEST_RPC_URL_BASE: 'http://127.0.0.1:9/test'
	});
	accountId = (await merchant(kassa)).accountId;
});
afterAll(() => kassa?.close());

async function session(mode: 'test' | 'live', chain = 'base') {
	const input = CreateCheckoutSessionInput.parse({
		success_url: 'https://shop.example/ok',
		cancel_url: 'https://shop.example/no',
		currency: 'usd',
		line_items: [{ unit_amount: '5.00', quantity: 1, product_data: { name: 'Tea' } }],
		supported_tokens: [{ chain, currency: 'USDC' }]
	});
	return createCheckoutSession(kassa, { accountId, mode, livemode: mode === 'live' }, input);
}

const refusal = (promise: Promise<unknown>) =>
	promise.then(
		() => 'sent',
		(error: unknown) => (error instanceof KassaError ? `${error.status} ${error.code}` : error)
	);

describe('simulatePayment refuses', () => {
	it('without the session’s csrf token (403)', async () => {
		const s = await session('test', 'ethereum');
		for (const csrfToken of [null, '', 'x'.repeat(64)])
			expect(await refuse(s.id, csrfToken)).toBe('403 csrf_token_invalid');
	});

	it('in live mode', async () => {
		const s = await session('live');
		expect(await refuse(s.id, s.csrf_token)).toBe('400 parameter_invalid');
	});

	it('before a token is chosen, and on a test chain that is not a local stand-in', async () => {
		const s = await session('test');
		expect(await refuse(s.id, s.csrf_token)).toBe('400 parameter_invalid');
		await selectToken(kassa, {
			sessionId: s.id,
			csrfToken: s.csrf_token,
			chain: 'base',
			currency: 'USDC'
		});
		const error = await simulatePayment(kassa, { sessionId: s.id, csrfToken: s.csrf_token }).catch(
			(e: unknown) => e
		);
		expect(error).toBeInstanceOf(KassaError);
		expect((error as KassaError).message).toMatch(/only on a local test chain/);
	});

	it('an unknown session (404)', async () => {
		expect(await refuse('chk_test_nothing', 'x')).toBe('404 resource_missing');
	});
});

function refuse(sessionId: string, csrfToken: string | null) {
	return refusal(simulatePayment(kassa, { sessionId, csrfToken }));
}
