import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainClient } from '../../src/lib/server/chain/watcher/createChainClient';
import {
	startChainWatcher,
	type ChainWatcher
} from '../../src/lib/server/chain/watcher/startChainWatcher';
import { createCheckoutSession } from '../../src/lib/server/checkout/createCheckoutSession';
import { getCheckoutSession } from '../../src/lib/server/checkout/getCheckoutSession';
import { queryRows } from '../../src/lib/server/db/queryRows';
import { getPaymentIntent } from '../../src/lib/server/intents/getPaymentIntent';
import { selectToken } from '../../src/lib/server/intents/selectToken';
import type { Kassa } from '../../src/lib/server/runtime/Kassa';
import { localChain } from '../support/localChain';
import { merchant } from '../support/merchant';
import { testDatabaseUrl, testKassa } from '../support/testKassa';

/** Funds sent on the wrong network reach the same address: recorded on the intent, never counted. */
const PORT = 18_850 + (testDatabaseUrl ? 10 : 0);
let ethereum: Awaited<ReturnType<typeof localChain>>;
let base: Awaited<ReturnType<typeof localChain>>;
let kassa: Kassa;
let shop: Awaited<ReturnType<typeof merchant>>;
const watchers: ChainWatcher[] = [];
const principal = () => ({ accountId: shop.accountId, mode: 'test' as const, livemode: false });

beforeAll(async () => {
	ethereum = await localChain(PORT, 11_155_111);
	base = await localChain(PORT + 1, 84_532);
	kassa = await testKassa({ KASSA_DEV_CHAIN_PORT: String(PORT) });
	shop = await merchant(kassa);
	for (const [name, chain] of [
		['ethereum', ethereum],
		['base', base]
	] as const) {
		const network = kassa.registry.network('test', name)!;
		expect(network.rpcUrl).toBe(chain.url);
		const watcher = startChainWatcher(
			kassa,
			network,
			{ client: createChainClient(chain.url) },
			false
		);
		watchers.push(watcher);
		expect(await watcher.step()).toBe('advanced');
	}
});
afterAll(async () => {
	for (const watcher of watchers) await watcher.stop();
	await kassa?.close();
	await Promise.all([ethereum?.stop(), base?.stop()]);
});

/**
 * Steps both watchers in turn until neither has anything more to read. In turn, not at once: on
 * PostgreSQL two chains' ranges recording transfers for one intent at the same moment can deadlock
 * (each insert's foreign-key share lock on the intent, then each one's FOR UPDATE of it); the
 * watcher loop retries such a step, a test stepping by hand would fail on it.
 */
async function catchUp() {
	for (let i = 0; i < 20; i++) {
		const results: string[] = [];
		for (const watcher of watchers) results.push(await watcher.step());
		if (results.every((r) => r === 'idle')) return;
	}
	throw new Error('watchers did not catch up');
}

async function eventTypes(objectId: string) {
	const rows = await queryRows<{ type: string }>(
		kassa.db,
		`SELECT type FROM events WHERE object_id = '${objectId}' ORDER BY created_at, id`
	);
	return rows.map((r) => r.type);
}

describe('the right token on the wrong network', () => {
	it('is recorded on the intent without counting, announced once, and locks the choice', async () => {
		const session = await createCheckoutSession(kassa, principal(), {
			success_url: 'https://shop.example/ok',
			cancel_url: 'https://shop.example/no',
			currency: 'USD',
			line_items: [{ unit_amount: '8.00', quantity: 1, product_data: { name: 'Thing' } }],
			supported_tokens: [
				{ chain: 'base', currency: 'USDC' },
				{ chain: 'ethereum', currency: 'USDC' }
			]
		});
		const intent = await selectToken(kassa, {
			sessionId: session.id,
			csrfToken: session.csrf_token,
			chain: 'base',
			currency: 'USDC'
		});
		expect(intent.chainId).toBe(84_532);
		// Same token address on both stand-ins: only the network tells them apart.
		expect(ethereum.tokens.USDC).toBe(base.tokens.USDC);
		await catchUp();

		// The two chains at different heights, as real networks are.
		await base.mine(20);
		await catchUp();
		const hash = await ethereum.pay('USDC', intent.address, 8_000_000n);
		await catchUp();
		const stray = await getPaymentIntent(kassa, principal(), intent.id);
		expect(stray).toMatchObject({
			status: 'requires_payment_method',
			chain: 'base',
			amount_received: '0.00',
			amount_confirmed: '0.00',
			amount_due: '8.00',
			amount_late: '0.00'
		});
		expect(stray.latest_transaction_hash).toBe(hash);
		expect(stray.transfers).toMatchObject([
			{
				chain: 'ethereum',
				chain_id: 11_155_111,
				currency: 'USDC',
				transaction_hash: hash,
				amount: '8.00',
				applies: false,
				late: false
			}
		]);
		expect(await eventTypes(intent.id)).toEqual(['payment_intent.funds_received_late']);
		const [event] = await queryRows<{ data: { object: { transfers: unknown[] } } }>(
			kassa.db,
			`SELECT data FROM events WHERE object_id = '${intent.id}'`
		);
		expect(event!.data.object.transfers).toMatchObject([{ transaction_hash: hash }]);
		expect((await getCheckoutSession(kassa, principal(), session.id)).status).toBe('open');

		// Deepening on its own chain changes nothing and announces nothing again.
		await ethereum.mine(6);
		await catchUp();
		const settled = await getPaymentIntent(kassa, principal(), intent.id);
		expect(settled.status).toBe('requires_payment_method');
		expect(settled.amount_received).toBe('0.00');
		expect(settled.transfers).toMatchObject([{ chain: 'ethereum', applies: false }]);
		expect(await eventTypes(intent.id)).toEqual(['payment_intent.funds_received_late']);

		// A recorded transfer, stray or not, locks the shopper's choice of token.
		await expect(
			selectToken(kassa, {
				sessionId: session.id,
				csrfToken: session.csrf_token,
				chain: 'ethereum',
				currency: 'USDC'
			})
		).rejects.toMatchObject({ code: 'checkout_session_has_funds' });
	});

	it('does not stand in for the payment: only the intent’s own network completes it', async () => {
		const session = await createCheckoutSession(kassa, principal(), {
			success_url: 'https://shop.example/ok',
			cancel_url: 'https://shop.example/no',
			currency: 'USD',
			line_items: [{ unit_amount: '3.00', quantity: 1, product_data: { name: 'Thing' } }],
			supported_tokens: [{ chain: 'base', currency: 'USDC' }]
		});
		const intent = await selectToken(kassa, {
			sessionId: session.id,
			csrfToken: session.csrf_token,
			chain: 'base',
			currency: 'USDC'
		});
		await ethereum.pay('USDC', intent.address, 3_000_000n);
		await base.pay('USDC', intent.address, 3_000_000n);
		await Promise.all([ethereum.mine(5), base.mine(5)]);
		await catchUp();
		const paid = await getPaymentIntent(kassa, principal(), intent.id);
		expect(paid.status).toBe('succeeded');
		expect(paid.amount_received).toBe('3.00');
		expect(paid.amount_late).toBe('0.00');
		expect(
			paid.transfers.map((t) => [t.chain, t.applies, t.state]).sort((a, b) => (a < b ? -1 : 1))
		).toEqual([
			['base', true, 'final'],
			['ethereum', false, 'final']
		]);
		const types = await eventTypes(intent.id);
		expect(types.filter((t) => t === 'payment_intent.funds_received_late')).toHaveLength(1);
		expect(types).toContain('payment_intent.succeeded');
		expect((await getCheckoutSession(kassa, principal(), session.id)).status).toBe('complete');
	});
});

describe('confirmations', () => {
	// A stray transfer in ethereum block N must not show as (base head − N + 1) confirmations.
	it('reports a stray transfer’s depth on its own network, not the intent’s', async () => {
		const session = await createCheckoutSession(kassa, principal(), {
			success_url: 'https://shop.example/ok',
			cancel_url: 'https://shop.example/no',
			currency: 'USD',
			line_items: [{ unit_amount: '1.00', quantity: 1, product_data: { name: 'Thing' } }],
			supported_tokens: [{ chain: 'base', currency: 'USDC' }]
		});
		const intent = await selectToken(kassa, {
			sessionId: session.id,
			csrfToken: session.csrf_token,
			chain: 'base',
			currency: 'USDC'
		});
		const lead = Number((await ethereum.publicClient.getBlockNumber()) + 30n);
		await base.mine(Math.max(1, lead - Number(await base.publicClient.getBlockNumber())));
		await ethereum.pay('USDC', intent.address, 1_000_000n);
		await catchUp();
		const stray = await getPaymentIntent(kassa, principal(), intent.id);
		expect(stray.transfers).toMatchObject([{ chain: 'ethereum', applies: false }]);
		// Nothing paying yet: 0, or at most the stray block's own depth (1) on ethereum.
		expect(stray.confirmations).toBeLessThanOrEqual(1);
	});
});
