import { randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeFunctionData, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testTokenAbi } from '../../src/lib/server/chain/contracts/testToken';
import { devAccount } from '../../src/lib/server/chain/devChain/devAccounts';
import { startReceiver, type Receiver } from '../webhooks/receiver';
import {
	assertBuilt,
	freePort,
	sleep,
	startKassaProcess,
	waitUntil,
	type KassaProcess
} from './fixtures/kassaProcess';
import { api, openIntent, type OpenIntent } from './fixtures/shopper';
import {
	startTestChains,
	stopTestChains,
	type ChainName,
	type TestChain,
	type TokenName
} from './fixtures/testChains';

/**
 * Webhook delivery end to end against the built app: a real Kassa process (`scripts/start.js`),
 * its own anvil nodes (one block a second), payments from development accounts, and a receiver on
 * 127.0.0.1 that verifies every request with the npm `standardwebhooks` package, as merchants do.
 *
 * 1. 100 paid checkouts: every expected event arrives, verified, at least once, and a duplicate
 *    only ever repeats the same event under the same `webhook-id`.
 * 2. SIGKILL while deliveries wait for their retry (the receiver was down): after a restart on the
 *    same data directory every event arrives, the waiting ones by the retry schedule alone.
 */
const SERVER_PORTS = { from: 3450, count: 50 };
const CHAIN_PORTS = { from: 19_050, count: 50 };
const SESSIONS = 100;
const CRASH_SESSIONS = 10;
/** The stand-in networks: 2 confirmations, final at 5 blocks, one block a second. */
const CHAIN: ChainName = 'base';

const INTENT_TYPES = [
	'payment_intent.requires_confirmation',
	'payment_intent.confirmed',
	'payment_intent.succeeded'
] as const;
const SESSION_TYPES = ['checkout_session.completed'] as const;
const EXPECTED_TYPES = [...INTENT_TYPES, ...SESSION_TYPES];

let chains: Record<ChainName, TestChain> | undefined;
let chainPort: number;
const processes: KassaProcess[] = [];
const receivers: Receiver[] = [];
const dataDirs: string[] = [];

beforeAll(async () => {
	assertBuilt();
	chainPort = await freePair(CHAIN_PORTS.from, CHAIN_PORTS.count);
	chains = await startTestChains(chainPort);
}, 90_000);

afterAll(async () => {
	await Promise.all(processes.map((p) => p.kill()));
	await Promise.all(receivers.map((r) => r.close()));
	await stopTestChains(chains);
	await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Two consecutive free ports in the range (ethereum at the first, base at the second). */
async function freePair(from: number, count: number): Promise<number> {
	for (let port = from; port + 1 < from + count; port += 2) {
		const free = await Promise.all([port, port + 1].map((p) => isFree(p)));
		if (free.every(Boolean)) return port;
	}
	throw new Error(`no two free ports in ${from}-${from + count - 1}`);
}

const isFree = (port: number) =>
	freePort(port, 1).then(
		() => true,
		() => false
	);

const alnum = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const newKey = () =>
	`sk_test_${Array.from({ length: 30 }, () => alnum[randomInt(alnum.length)]).join('')}`;

/** A fresh data directory and the environment of a Kassa on it; `start` may run several times. */
async function kassaOn(key: string) {
	const dataDir = await mkdtemp(join(tmpdir(), 'kassa-webhooks-'));
	dataDirs.push(dataDir);
	const env = {
		KASSA_DATA_DIR: dataDir,
		PORT: String(await freePort(SERVER_PORTS.from, SERVER_PORTS.count)),
		HOST: '127.0.0.1',
		NODE_ENV: 'development',
		LOG_LEVEL: 'warn',
		KASSA_DEV_CHAINS: 'external',
		KASSA_DEV_CHAIN_PORT: String(chainPort),
		KASSA_BOOTSTRAP_KEY: key
	};
	return {
		start: async () => {
			const kassa = await startKassaProcess(env);
			processes.push(kassa);
			return kassa;
		}
	};
}

/** A receiver path registered over the API as a test-mode endpoint; the receiver trusts its secret. */
async function registerEndpoint(base: string, key: string, receiver: Receiver) {
	const path = `/kassa/webhooks/${randomInt(1e9)}`;
	const endpoint = await api(base, key, '/v1/webhook_endpoints', { url: receiver.url(path) });
	expect(endpoint).toMatchObject({ status: 'enabled', livemode: false });
	expect(endpoint.secret).toMatch(/^whsec_/);
	receiver.trust(path, endpoint.secret);
	return { ...endpoint, path } as { id: string; secret: string; path: string };
}

/** Every item of a list endpoint, following `starting_after`. */
async function listAll(base: string, key: string, path: string): Promise<any[]> {
	const items: any[] = [];
	for (;;) {
		const sep = path.includes('?') ? '&' : '?';
		const after = items.length > 0 ? `&starting_after=${items.at(-1).id}` : '';
		const page = await api(base, key, `${path}${sep}limit=100${after}`);
		items.push(...page.data);
		if (!page.has_more) return items;
	}
}

/** Opens `count` sessions over HTTP (the page's `select` action chooses the token), 8 at a time. */
async function openIntents(base: string, key: string, count: number): Promise<OpenIntent[]> {
	const intents: OpenIntent[] = new Array(count);
	let next = 0;
	const worker = async () => {
		for (let n = next++; n < count; n = next++) {
			intents[n] = await openIntent(base, key, {
				chain: CHAIN,
				token: (['USDC', 'USDT'] as TokenName[])[n % 2]!,
				price: `${1 + (n % 50)}.${String((n * 37) % 100).padStart(2, '0')}`,
				name: `Order ${n}`
			});
		}
	};
	await Promise.all(Array.from({ length: 8 }, worker));
	return intents;
}

/**
 * Pays every intent exactly, in one batch: the transfers are signed up front (nonces counted here,
 * development accounts 1-9) and submitted together right after a block, so they share a block.
 * Resolves once all are mined; returns the block numbers they landed in.
 */
async function payAll(intents: OpenIntent[]): Promise<number[]> {
	const chain = chains![CHAIN];
	const { client } = chain;
	const gasPrice = (await client.getGasPrice()) * 2n;
	const nonces = new Map<number, number>();
	const signed: Hex[] = [];
	for (const [n, intent] of intents.entries()) {
		const from = 1 + (n % 9);
		const account = devAccount(from);
		if (!nonces.has(from))
			nonces.set(
				from,
				await client.getTransactionCount({ address: account.address, blockTag: 'pending' })
			);
		const nonce = nonces.get(from)!;
		nonces.set(from, nonce + 1);
		signed.push(
			await account.signTransaction({
				type: 'legacy',
				chainId: chain.chainId,
				to: chain.tokens[intent.token],
				data: encodeFunctionData({
					abi: testTokenAbi,
					functionName: 'transfer',
					args: [intent.address as `0x${string}`, intent.amount]
				}),
				nonce,
				gas: 100_000n,
				gasPrice
			})
		);
	}
	const start = await client.getBlockNumber({ cacheTime: 0 });
	while ((await client.getBlockNumber({ cacheTime: 0 })) === start) await sleep(20);
	const hashes = await Promise.all(
		signed.map((serializedTransaction) => client.sendRawTransaction({ serializedTransaction }))
	);
	const receipts = await Promise.all(
		hashes.map((hash) =>
			client.waitForTransactionReceipt({ hash, timeout: 60_000, pollingInterval: 100 })
		)
	);
	for (const receipt of receipts) expect(receipt.status).toBe('success');
	return [...new Set(receipts.map((r) => Number(r.blockNumber)))].sort((a, b) => a - b);
}

/** Waits until every intent reached one of `statuses`; returns the intents as listed. */
function waitForIntents(base: string, key: string, count: number, statuses: string[], ms: number) {
	return waitUntil(
		`${count} intents to reach ${statuses.join(' or ')}`,
		async () => {
			const listed = await listAll(base, key, '/v1/payment_intents');
			return listed.length === count && listed.every((i) => statuses.includes(i.status))
				? listed
				: undefined;
		},
		ms,
		250
	);
}

/**
 * What the receiver got at `path`: each request verified by standardwebhooks, its body the event
 * it names in `webhook-id`, and every repeat of an id byte-for-byte the same event.
 */
function receivedEvents(receiver: Receiver, path: string) {
	const byId = new Map<string, { body: string; count: number }>();
	for (const got of receiver.at(path)) {
		expect(got.verifyError, 'a delivery failed standardwebhooks verification').toBeNull();
		const id = String(got.headers['webhook-id']);
		const event = JSON.parse(got.body);
		expect(event.id).toBe(id);
		expect(got.verified).toEqual(event);
		const seen = byId.get(id);
		if (seen) {
			expect(got.body, `a duplicate of ${id} carried another body`).toBe(seen.body);
			seen.count += 1;
		} else byId.set(id, { body: got.body, count: 1 });
	}
	const events = new Map([...byId].map(([id, { body }]) => [id, JSON.parse(body)]));
	const duplicates = [...byId.values()].reduce((n, { count }) => n + count - 1, 0);
	return { events, duplicates };
}

/** Asserts the receiver holds exactly the account's events (by id and content), once or more. */
function expectAllDelivered(
	received: ReturnType<typeof receivedEvents>,
	listed: any[],
	intents: OpenIntent[]
) {
	expect([...received.events.keys()].sort()).toEqual(listed.map((e) => e.id).sort());
	for (const event of listed) expect(received.events.get(event.id)).toEqual(event);
	const objectsOf = (type: string) =>
		listed
			.filter((e) => e.type === type)
			.map((e) => e.data.object.id)
			.sort();
	for (const type of INTENT_TYPES)
		expect(objectsOf(type), type).toEqual(intents.map((i) => i.intentId).sort());
	for (const type of SESSION_TYPES)
		expect(objectsOf(type), type).toEqual(intents.map((i) => i.sessionId).sort());
	expect(listed).toHaveLength(intents.length * EXPECTED_TYPES.length);
}

describe('webhook delivery from a running Kassa', () => {
	it('delivers every event of 100 paid checkouts, verified, duplicates only under the same webhook-id', async () => {
		const key = newKey();
		const kassa = await (await kassaOn(key)).start();
		const receiver = await startReceiver();
		receivers.push(receiver);
		const endpoint = await registerEndpoint(kassa.url, key, receiver);

		const intents = await openIntents(kassa.url, key, SESSIONS);
		expect(new Set(intents.map((i) => i.address)).size).toBe(SESSIONS);
		// One block for all: the watcher sees every transfer at one confirmation (requires_confirmation)
		// before the next block confirms it; transfers spread over blocks could skip that state.
		const blocks = await payAll(intents);
		await waitForIntents(kassa.url, key, SESSIONS, ['succeeded'], 60_000);

		// The listed events (checked below: exactly the expected ones) must all reach the receiver.
		const listed = await listAll(kassa.url, key, '/v1/events');
		for (const type of EXPECTED_TYPES) {
			const ofType = await listAll(kassa.url, key, `/v1/events?type=${encodeURIComponent(type)}`);
			expect(ofType.map((e) => e.id).sort()).toEqual(
				listed
					.filter((e) => e.type === type)
					.map((e) => e.id)
					.sort()
			);
		}
		await waitUntil(
			'every event to reach the receiver',
			async () => {
				const ids = new Set(receiver.at(endpoint.path).map((r) => r.headers['webhook-id']));
				return listed.every((e) => ids.has(e.id)) ? true : undefined;
			},
			30_000,
			100
		);
		const received = receivedEvents(receiver, endpoint.path);
		expectAllDelivered(received, listed, intents);

		// Kassa's own record agrees: every event has a succeeded attempt to this endpoint.
		const attempts = await listAll(kassa.url, key, `/v1/webhook_endpoints/${endpoint.id}/attempts`);
		const succeeded = new Set(attempts.filter((a) => a.succeeded).map((a) => a.event_id));
		expect([...succeeded].sort()).toEqual(listed.map((e) => e.id).sort());
		expect(receiver.at(endpoint.path).length).toBeGreaterThanOrEqual(listed.length);

		console.info(
			`webhooks: ${SESSIONS} payments in block(s) ${blocks.join(', ')}; ${listed.length} events, ` +
				`${receiver.at(endpoint.path).length} requests (${received.duplicates} duplicates), ` +
				`${attempts.length} attempts`
		);
		await kassa.stop();
		expect(kassa.child.exitCode).toBe(0);
	}, 120_000);

	it('delivers every event after a SIGKILL while deliveries wait for their retry', async () => {
		const key = newKey();
		const instance = await kassaOn(key);
		const first = await instance.start();
		const receiver = await startReceiver();
		receivers.push(receiver);
		const endpoint = await registerEndpoint(first.url, key, receiver);
		await receiver.down();

		const intents = await openIntents(first.url, key, CRASH_SESSIONS);
		await payAll(intents);
		// requires_confirmation, then (one block later) confirmed + checkout_session.completed: each
		// event's first attempt is refused, and its delivery waits for the first retry (about 5 s).
		const waiting = await waitUntil(
			'the events so far to have had their first attempt',
			async () => {
				const listed = await listAll(first.url, key, '/v1/payment_intents');
				const paid = listed.every((i) => ['confirmed', 'succeeded'].includes(i.status));
				if (listed.length !== CRASH_SESSIONS || !paid) return undefined;
				const events = await listAll(first.url, key, '/v1/events');
				const detailed = await Promise.all(
					events.map((e) => api(first.url, key, `/v1/events/${e.id}`))
				);
				return detailed.every((e) => e.deliveries[0]?.attempt_count >= 1) ? detailed : undefined;
			},
			30_000,
			100
		);
		await first.kill();
		const killedAt = Date.now();

		expect(receiver.received).toHaveLength(0);
		expect(waiting.length).toBeGreaterThanOrEqual(CRASH_SESSIONS * 3);
		const deliveries = waiting.map((e) => e.deliveries[0]);
		for (const delivery of deliveries) {
			expect(delivery).toMatchObject({
				webhook_endpoint_id: endpoint.id,
				status: 'pending',
				attempt_count: 1,
				last_status_code: null
			});
			expect(delivery.last_error).toMatch(/ECONNREFUSED/);
		}
		// Killed before any retry was made: every delivery was still waiting for its next attempt.
		const dueAt = deliveries.map((d) => Date.parse(d.next_attempt_at));
		expect(killedAt).toBeLessThan(Math.min(...dueAt));

		// The receiver comes back while no Kassa runs. Nothing is resent over the API and nothing in
		// the database is touched: the restarted process must find the deliveries itself. It starts
		// only once every one of them is overdue (the schedule's first step, ~5 s), so this proves
		// that due work outlives the process, not that a fresh event is sent.
		await receiver.up();
		await sleep(Math.max(0, Math.max(...dueAt) - Date.now()) + 200);
		const second = await instance.start();

		await waitForIntents(second.url, key, CRASH_SESSIONS, ['succeeded'], 60_000);
		const listed = await listAll(second.url, key, '/v1/events');
		await waitUntil(
			'every event to reach the receiver after the restart',
			async () => {
				const ids = new Set(receiver.at(endpoint.path).map((r) => r.headers['webhook-id']));
				return listed.every((e) => ids.has(e.id)) ? true : undefined;
			},
			30_000,
			100
		);
		const received = receivedEvents(receiver, endpoint.path);
		expectAllDelivered(received, listed, intents);

		// The waiting deliveries were made by their retry: attempt 1 refused, attempt 2 a 200.
		for (const before of waiting) {
			const after = await waitUntil(
				`the delivery of ${before.id} to be recorded`,
				async () => {
					const event = await api(second.url, key, `/v1/events/${before.id}`);
					return event.deliveries[0]?.status === 'succeeded' ? event : undefined;
				},
				10_000,
				100
			);
			const attempts = after.deliveries[0].attempts;
			expect(attempts.map((a: any) => [a.attempt, a.succeeded, a.status_code])).toEqual([
				[1, false, null],
				[2, true, 200]
			]);
			expect(attempts[0].error).toMatch(/ECONNREFUSED/);
			expect(Date.parse(attempts[1].created_at)).toBeGreaterThan(killedAt);
		}
		console.info(
			`webhooks after SIGKILL: ${waiting.length} deliveries waiting at the kill, ${listed.length} events, ` +
				`${receiver.at(endpoint.path).length} requests (${received.duplicates} duplicates)`
		);
		await second.stop();
		expect(second.child.exitCode).toBe(0);
	}, 120_000);
});
