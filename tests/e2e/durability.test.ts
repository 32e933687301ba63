import { randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	assertBuilt,
	freePort,
	sleep,
	startKassaProcess,
	waitUntil,
	type KassaProcess
} from './fixtures/kassaProcess';
import { listEvents, listIntents, openIntent, type OpenIntent } from './fixtures/shopper';
import {
	createPayer,
	startTestChains,
	stopTestChains,
	type ChainName,
	type MinedTransfer,
	type TestChain
} from './fixtures/testChains';

/**
 * A crash in the middle of a stream of payments loses nothing and counts nothing twice: Kassa is
 * SIGKILLed while transfers keep arriving, restarted on the same data directory, and must end
 * with every mined transfer recorded exactly once and every intent paid exactly what was sent.
 */
const SESSIONS = 20;
const CHAIN_PORT = 18_800;
const SPACING_MS = 250;

const alnum = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const key = `sk_test_${Array.from({ length: 30 }, () => alnum[randomInt(alnum.length)]).join('')}`;

let chains: Record<ChainName, TestChain> | undefined;
let dataDir: string;
let env: Record<string, string>;
const processes: KassaProcess[] = [];

beforeAll(async () => {
	assertBuilt();
	dataDir = await mkdtemp(join(tmpdir(), 'kassa-durability-'));
	chains = await startTestChains(CHAIN_PORT);
	env = {
		KASSA_DATA_DIR: dataDir,
		PORT: String(await freePort(3300, 25)),
		HOST: '127.0.0.1',
		NODE_ENV: 'development',
		LOG_LEVEL: 'warn',
		KASSA_DEV_CHAINS: 'external',
		KASSA_DEV_CHAIN_PORT: String(CHAIN_PORT),
		KASSA_BOOTSTRAP_KEY: key
	};
}, 90_000);

afterAll(async () => {
	await Promise.all(processes.map((p) => p.kill()));
	await stopTestChains(chains);
	if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function start(): Promise<KassaProcess> {
	const kassa = await startKassaProcess(env);
	processes.push(kassa);
	return kassa;
}

/** Each intent is paid in two parts (40 % then the rest): first parts of all, then second parts. */
function plan(intents: OpenIntent[]) {
	const parts = (i: OpenIntent) => [(i.amount * 2n) / 5n, i.amount - (i.amount * 2n) / 5n];
	return [0, 1].flatMap((part) =>
		intents.map((intent, n) => ({ intent, amount: parts(intent)[part]!, from: 1 + (n % 9) }))
	);
}

describe('a Kassa killed in the middle of a stream of payments', () => {
	it('records every mined transfer exactly once after a restart on the same data directory', async () => {
		const first = await start();
		const intents: OpenIntent[] = [];
		for (let n = 0; n < SESSIONS; n++) {
			intents.push(
				await openIntent(first.url, key, {
					chain: n % 2 === 0 ? 'base' : 'ethereum',
					token: n % 4 < 2 ? 'USDC' : 'USDT',
					price: `${n + 1}.${String((n * 37) % 100).padStart(2, '0')}`,
					name: `Order ${n}`
				})
			);
		}
		expect(new Set(intents.map((i) => i.address)).size).toBe(SESSIONS);

		const payer = createPayer(chains!);
		const payments = plan(intents);
		const mined: MinedTransfer[] = [];
		let sent = 0;
		const stream = (async () => {
			const all: Promise<MinedTransfer>[] = [];
			for (const { intent, amount, from } of payments) {
				const { mined: done } = await payer.send(
					intent.chain,
					intent.token,
					intent.address,
					amount,
					from
				);
				all.push(done.then((m) => (mined.push(m), m)));
				sent += 1;
				await sleep(SPACING_MS);
			}
			return Promise.all(all);
		})();

		// Kill once Kassa has recorded part of the stream, while the rest is still being sent.
		await waitUntil(
			'Kassa to record the first transfers',
			async () => {
				if (sent < payments.length * 0.4) return undefined;
				const recorded = (await listIntents(first.url, key)).flatMap((i) => i.transfers);
				return recorded.length >= 3 ? true : undefined;
			},
			30_000,
			100
		);
		await first.kill();
		const atKill = { sent, mined: mined.length };
		expect(atKill.mined).toBeGreaterThan(0);
		expect(atKill.sent).toBeLessThan(payments.length);

		await sleep(2_000); // blocks keep coming while no Kassa runs
		const second = await start();
		const receipts = await stream;
		const expected = new Map(receipts.map((r) => [`${r.chainId}:${r.txHash}:${r.logIndex}`, r]));
		expect(expected.size).toBe(payments.length);

		// Caught up: every intent paid in full and final (5 blocks deep).
		const caughtUp = await waitUntil(
			'every intent to succeed',
			async () => {
				const listed = await listIntents(second.url, key);
				return listed.length === SESSIONS && listed.every((i) => i.status === 'succeeded')
					? listed
					: undefined;
			},
			60_000,
			250
		);

		const recorded = caughtUp.flatMap((intent) =>
			intent.transfers.map((t: any) => ({ intent, t }))
		);
		const keys = recorded.map(({ t }) => `${t.chain_id}:${t.transaction_hash}:${t.log_index}`);
		expect(new Set(keys).size, 'a transfer was recorded twice').toBe(keys.length);
		expect([...keys].sort()).toEqual([...expected.keys()].sort());
		for (const { intent, t } of recorded) {
			const receipt = expected.get(`${t.chain_id}:${t.transaction_hash}:${t.log_index}`)!;
			expect(receipt.to).toBe(intent.one_time_address);
			expect(t).toMatchObject({
				chain: receipt.chain,
				block_number: receipt.blockNumber,
				currency: receipt.token,
				applies: true,
				late: false,
				state: 'final'
			});
		}
		for (const intent of intents) {
			const row = caughtUp.find((i) => i.id === intent.intentId)!;
			const paid = receipts
				.filter((r) => r.to === intent.address && r.chainId === intent.chainId)
				.reduce((sum, r) => sum + r.amount, 0n);
			expect(paid).toBe(intent.amount);
			expect(row.transfers).toHaveLength(2);
			expect(row.amount_received).toBe(row.amount);
			expect(row.amount_due).toBe('0.00');
			expect(row.amount_late).toBe('0.00');
		}

		// Each state change was announced once, crash or not.
		const succeeded = await listEvents(second.url, key, 'payment_intent.succeeded');
		expect(succeeded.map((e) => e.data.object.id).sort()).toEqual(
			intents.map((i) => i.intentId).sort()
		);
		const completed = await listEvents(second.url, key, 'checkout_session.completed');
		expect(completed.map((e) => e.data.object.id).sort()).toEqual(
			intents.map((i) => i.sessionId).sort()
		);
		expect(await listEvents(second.url, key, 'payment_intent.funds_received_late')).toEqual([]);
		console.info(
			`durability: ${payments.length} transfers to ${SESSIONS} intents; killed after ${atKill.sent} sent, ${atKill.mined} mined`
		);
		await second.stop();
		expect(second.child.exitCode).toBe(0);
	}, 180_000);
});
