import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	createChainClient,
	type RpcCounter
} from '../../src/lib/server/chain/watcher/createChainClient';
import {
	startChainWatcher,
	type ChainWatcher
} from '../../src/lib/server/chain/watcher/startChainWatcher';
import { createCheckoutSession } from '../../src/lib/server/checkout/createCheckoutSession';
import { queryRows } from '../../src/lib/server/db/queryRows';
import { getPaymentIntent } from '../../src/lib/server/intents/getPaymentIntent';
import { selectToken } from '../../src/lib/server/intents/selectToken';
import { cancelCheckout } from '../../src/lib/server/checkout/cancelCheckout';
import { expireCheckoutSession } from '../../src/lib/server/checkout/expireCheckoutSession';
import { getCheckoutSession } from '../../src/lib/server/checkout/getCheckoutSession';
import type { Kassa } from '../../src/lib/server/runtime/Kassa';
import { localChain } from '../support/localChain';
import { merchant } from '../support/merchant';
import { testKassa, testDatabaseUrl } from '../support/testKassa';

const PORT = 18_700 + (testDatabaseUrl ? 10 : 0);
let chain: Awaited<ReturnType<typeof localChain>>;
let kassa: Kassa;
let shop: Awaited<ReturnType<typeof merchant>>;
let watcher: ChainWatcher;
const principal = () => ({ accountId: shop.accountId, mode: 'test' as const, livemode: false });

beforeAll(async () => {
	chain = await localChain(PORT);
	kassa = await testKassa({ KASSA_DEV_CHAIN_PORT: String(PORT - 1) });
	shop = await merchant(kassa);
	const network = kassa.registry.network('test', 'base')!;
	expect(network.rpcUrl).toBe(chain.url);
	watcher = startChainWatcher(kassa, network, { client: createChainClient(chain.url) }, false);
	expect(await watcher.step()).toBe('advanced');
});
afterAll(async () => {
	await watcher?.stop();
	await kassa?.close();
	await chain?.stop();
});

async function openIntent(amount = '20.00', token = 'USDC') {
	const session = await createCheckoutSession(kassa, principal(), {
		success_url: 'https://shop.example/ok',
		cancel_url: 'https://shop.example/no',
		currency: 'USD',
		line_items: [{ unit_amount: amount, quantity: 1, product_data: { name: 'Thing' } }],
		supported_tokens: [
			{ chain: 'base', currency: 'USDC' },
			{ chain: 'base', currency: 'USDT' }
		]
	});
	const intent = await selectToken(kassa, {
		sessionId: session.id,
		csrfToken: session.csrf_token,
		chain: 'base',
		currency: token
	});
	return { session, intent };
}

/** Steps the watcher until it has nothing more to read. */
async function catchUp() {
	for (let i = 0; i < 20; i++) if ((await watcher.step()) === 'idle') return;
	throw new Error('watcher did not catch up');
}

const status = async (id: string) => (await getPaymentIntent(kassa, principal(), id)).status;

describe('chain watcher on a real node', () => {
	it('takes an exact payment through every state and completes the session', async () => {
		const { session, intent } = await openIntent();
		expect(intent.status).toBe('requires_payment_method');
		await catchUp();
		const hash = await chain.pay('USDC', intent.address, 20_000_000n);
		await catchUp();
		const seen = await getPaymentIntent(kassa, principal(), intent.id);
		expect(seen.status).toBe('requires_confirmation');
		expect(seen.latest_transaction_hash).toBe(hash);
		expect(seen.amount_received).toBe('20.00');
		await chain.mine(1);
		await catchUp();
		expect(await status(intent.id)).toBe('confirmed');
		const completed = await getCheckoutSession(kassa, principal(), session.id);
		expect(completed.status).toBe('complete');
		expect(completed.used_at).not.toBeNull();
		await chain.mine(4);
		await catchUp();
		expect(await status(intent.id)).toBe('succeeded');
		const types = (
			await queryRows<{ type: string }>(
				kassa.db,
				`SELECT type FROM events WHERE object_id IN ('${intent.id}', '${session.id}') ORDER BY created_at, id`
			)
		).map((r) => r.type);
		expect(types).toEqual(
			expect.arrayContaining([
				'payment_intent.requires_confirmation',
				'payment_intent.confirmed',
				'checkout_session.completed',
				'payment_intent.succeeded'
			])
		);
	});

	it('asks for the rest after a partial payment, then succeeds; records each transfer once', async () => {
		const { intent } = await openIntent('10.00');
		await chain.pay('USDC', intent.address, 4_000_000n);
		await chain.mine(2);
		await catchUp();
		const partial = await getPaymentIntent(kassa, principal(), intent.id);
		expect(partial.status).toBe('requires_additional_payment');
		expect(partial.amount_due).toBe('6.00');
		await chain.pay('USDC', intent.address, 6_000_000n);
		await chain.mine(5);
		await catchUp();
		const paid = await getPaymentIntent(kassa, principal(), intent.id);
		expect(paid.status).toBe('succeeded');
		expect(paid.transfers).toHaveLength(2);
	});

	it('succeeds on an overpayment and records a wrong token without counting it', async () => {
		const { intent } = await openIntent('5.00');
		await chain.pay('USDT', intent.address, 5_000_000n);
		await chain.mine(2);
		await catchUp();
		const wrong = await getPaymentIntent(kassa, principal(), intent.id);
		expect(wrong.status).toBe('requires_payment_method');
		expect(wrong.transfers).toMatchObject([{ currency: 'USDT', applies: false }]);
		expect(await eventTypes(intent.id)).toEqual(['payment_intent.funds_received_late']);
		await chain.pay('USDC', intent.address, 7_000_000n);
		await chain.mine(5);
		await catchUp();
		const over = await getPaymentIntent(kassa, principal(), intent.id);
		expect(over.status).toBe('succeeded');
		expect(over.amount_received).toBe('7.00');
	});

	it('rolls back a transfer a reorganisation removes and never reports success for it', async () => {
		const { intent } = await openIntent('3.00');
		await catchUp();
		const snapshot = await chain.testClient.snapshot();
		await chain.pay('USDC', intent.address, 3_000_000n);
		await catchUp();
		expect(await status(intent.id)).toBe('requires_confirmation');
		await chain.testClient.revert({ id: snapshot });
		await chain.mine(3);
		await catchUp();
		const after = await getPaymentIntent(kassa, principal(), intent.id);
		expect(after.status).toBe('requires_payment_method');
		expect(after.transfers).toMatchObject([{ state: 'orphaned' }]);
		await chain.mine(6);
		await catchUp();
		expect(await status(intent.id)).toBe('requires_payment_method');
	});

	it('cancels on chain-time expiry, then records late funds without changing state', async () => {
		const { session, intent } = await openIntent('2.00');
		await catchUp();
		const expiresAt = Math.floor(Date.parse(session.expired_at) / 1000);
		await chain.testClient.setNextBlockTimestamp({ timestamp: BigInt(expiresAt + 1) });
		await chain.mine(1);
		await catchUp();
		expect(await status(intent.id)).toBe('cancelled');
		expect((await getCheckoutSession(kassa, principal(), session.id)).status).toBe('expired');
		await chain.pay('USDC', intent.address, 2_000_000n);
		await chain.mine(5);
		await catchUp();
		const late = await getPaymentIntent(kassa, principal(), intent.id);
		expect(late.status).toBe('cancelled');
		expect(late.amount_late).toBe('2.00');
		expect(late.transfers).toMatchObject([{ late: true }]);
		expect(await eventTypes(intent.id)).toContain('payment_intent.funds_received_late');
	});

	it('lets the merchant expire and the shopper cancel only while nothing was received', async () => {
		const idle = await openIntent('1.00');
		const expired = await expireCheckoutSession(kassa, principal(), idle.session.id);
		expect(expired.status).toBe('expired');
		expect(await status(idle.intent.id)).toBe('cancelled');
		const byShopper = await openIntent('1.00');
		await expect(
			cancelCheckout(kassa, { sessionId: byShopper.session.id, csrfToken: 'forged' })
		).rejects.toMatchObject({ code: 'csrf_token_invalid' });
		await cancelCheckout(kassa, {
			sessionId: byShopper.session.id,
			csrfToken: byShopper.session.csrf_token
		});
		expect(await status(byShopper.intent.id)).toBe('cancelled');
		expect((await getCheckoutSession(kassa, principal(), byShopper.session.id)).status).toBe(
			'expired'
		);
		const paying = await openIntent('1.00');
		await chain.pay('USDC', paying.intent.address, 400_000n);
		await catchUp();
		await expect(
			expireCheckoutSession(kassa, principal(), paying.session.id)
		).rejects.toMatchObject({ code: 'checkout_session_has_funds' });
		await expect(
			cancelCheckout(kassa, { sessionId: paying.session.id, csrfToken: paying.session.csrf_token })
		).rejects.toMatchObject({ code: 'checkout_session_has_funds' });
		expect(await status(paying.intent.id)).toBe('requires_confirmation');
	});

	it('fails an underpaid intent 30 minutes after expiry and expires its session', async () => {
		const { session, intent } = await openIntent('2.00');
		await chain.pay('USDC', intent.address, 500_000n);
		await chain.mine(2);
		await catchUp();
		expect(await status(intent.id)).toBe('requires_additional_payment');
		const expiresAt = Math.floor(Date.parse(session.expired_at) / 1000);
		await chain.testClient.setNextBlockTimestamp({ timestamp: BigInt(expiresAt + 30 * 60 + 1) });
		await chain.mine(1);
		await catchUp();
		expect(await status(intent.id)).toBe('failed');
		expect((await getCheckoutSession(kassa, principal(), session.id)).status).toBe('expired');
	});

	it('refuses to follow a node whose genesis differs from the recorded one', async () => {
		const network = kassa.registry.network('test', 'base')!;
		const [cursor] = await queryRows<{ genesis_hash: string }>(
			kassa.db,
			`SELECT genesis_hash FROM chain_cursors WHERE chain_id = ${network.chainId}`
		);
		await kassa.db.execute(
			`UPDATE chain_cursors SET genesis_hash = '0x${'0'.repeat(64)}' WHERE chain_id = ${network.chainId}`
		);
		const stranger = startChainWatcher(
			kassa,
			network,
			{ client: createChainClient(chain.url), holder: 'stranger' },
			false
		);
		await kassa.db.execute(`UPDATE leases SET expires_at = now() - interval '1 second'`);
		await expect(stranger.step()).rejects.toThrow(/genesis/);
		await kassa.db.execute(
			`UPDATE chain_cursors SET genesis_hash = '${cursor!.genesis_hash}' WHERE chain_id = ${network.chainId}`
		);
		await stranger.stop();
	});

	it('makes the same RPC calls per block with 10,000 watched addresses as with 10', async () => {
		const counter: RpcCounter = { calls: 0, requests: 0, bytes: 0 };
		const network = kassa.registry.network('test', 'base')!;
		const counted = startChainWatcher(
			kassa,
			network,
			{ client: createChainClient(chain.url, counter), holder: 'counting' },
			false
		);
		await watcher.stop();
		const perBlock = async () => {
			await chain.mine(1);
			const before = counter.calls;
			while ((await counted.step()) !== 'idle');
			return counter.calls - before;
		};
		await kassa.db.execute(`UPDATE leases SET expires_at = now() - interval '1 second'`);
		await perBlock();
		const few = await perBlock();
		await addWatchedAddresses(10_000);
		const many = await perBlock();
		expect(few).toBeGreaterThan(0);
		expect(many).toBe(few);
		await counted.stop();
	});
});

async function addWatchedAddresses(count: number) {
	const { intent } = await openIntent('1.00');
	await kassa.db
		.execute(`INSERT INTO watched_addresses (address, account_id, mode, payment_intent_id)
		SELECT '0x' || lpad(to_hex(g), 40, '0'), '${shop.accountId}', 'test', '${intent.id}' FROM generate_series(1, ${count}) g`);
}

async function eventTypes(objectId: string) {
	const rows = await queryRows<{ type: string }>(
		kassa.db,
		`SELECT type FROM events WHERE object_id = '${objectId}' ORDER BY created_at, id`
	);
	return rows.map((r) => r.type);
}
