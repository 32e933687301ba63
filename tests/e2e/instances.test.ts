import { randomBytes, randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	assertBuilt,
	freePort,
	startKassaProcess,
	waitUntil,
	type KassaProcess
} from './fixtures/kassaProcess';
import { api, listIntents, openIntent, type OpenIntent } from './fixtures/shopper';
import {
	createPayer,
	startTestChains,
	stopTestChains,
	type ChainName,
	type MinedTransfer,
	type TestChain
} from './fixtures/testChains';

/**
 * Two Kassa processes on one PostgreSQL schema: one watcher per chain across both (the lease),
 * each payment counted once, and the survivor taking the chains over after the holder is killed.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const CHAIN_PORT = 18_820;
const CHAIN_IDS = [11_155_111, 84_532];

const alnum = 'abcdefghijklmnopqrstuvwxyz0123456789';
const random = (n: number) => Array.from({ length: n }, () => alnum[randomInt(36)]).join('');
const key = `sk_test_${random(30)}`;
const schema = `kassa_instances_${random(16)}`;

interface Lease {
	name: string;
	holder: string;
}

if (!databaseUrl) {
	it.skip('needs PostgreSQL: set TEST_DATABASE_URL (CI does)', () => {});
} else {
	let admin: pg.Client;
	let chains: Record<ChainName, TestChain> | undefined;
	const dataDirs: string[] = [];
	const processes: KassaProcess[] = [];
	let schemaCreated = false;
	let env: Record<string, string>;

	beforeAll(async () => {
		assertBuilt();
		admin = new pg.Client({ connectionString: databaseUrl });
		await admin.connect();
		await admin.query(`CREATE SCHEMA ${schema}`);
		schemaCreated = true;
		chains = await startTestChains(CHAIN_PORT);
		const options = encodeURIComponent(`-c search_path=${schema}`);
		env = {
			DATABASE_URL: `${databaseUrl}${databaseUrl.includes('?') ? '&' : '?'}options=${options}`,
			KASSA_SECRET_KEY: randomBytes(32).toString('base64'),
			KASSA_BOOTSTRAP_KEY: key,
			KASSA_DEV_CHAINS: 'external',
			KASSA_DEV_CHAIN_PORT: String(CHAIN_PORT),
			HOST: '127.0.0.1',
			NODE_ENV: 'development',
			LOG_LEVEL: 'warn'
		};
	}, 90_000);

	afterAll(async () => {
		await Promise.all(processes.map((p) => p.kill()));
		await stopTestChains(chains);
		if (schemaCreated) await admin.query(`DROP SCHEMA ${schema} CASCADE`);
		await admin?.end();
		await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
	});

	async function start(): Promise<KassaProcess> {
		const dataDir = await mkdtemp(join(tmpdir(), 'kassa-instance-'));
		dataDirs.push(dataDir);
		const port = await freePort(3325, 25);
		const kassa = await startKassaProcess({ ...env, KASSA_DATA_DIR: dataDir, PORT: String(port) });
		processes.push(kassa);
		return kassa;
	}

	async function watcherLeases(): Promise<Lease[]> {
		const { rows } = await admin.query<Lease>(
			`SELECT name, holder FROM ${schema}.leases WHERE name LIKE 'watcher:%' ORDER BY name`
		);
		return rows;
	}

	/** Pays each intent its exact amount; resolves with the mined transfers. */
	async function payAll(intents: OpenIntent[]): Promise<MinedTransfer[]> {
		const payer = createPayer(chains!);
		const sent = await Promise.all(
			intents.map((intent, n) =>
				payer.send(intent.chain, intent.token, intent.address, intent.amount, 1 + (n % 9))
			)
		);
		return Promise.all(sent.map((s) => s.mined));
	}

	async function until(base: string, ids: string[], statuses: string[]) {
		return waitUntil(
			`${ids.length} intents to reach ${statuses.join('/')}`,
			async () => {
				const listed = (await listIntents(base, key)).filter((i) => ids.includes(i.id));
				return listed.length === ids.length && listed.every((i) => statuses.includes(i.status))
					? listed
					: undefined;
			},
			45_000,
			250
		);
	}

	describe('two Kassa processes on one PostgreSQL schema', () => {
		let a: KassaProcess;
		let b: KassaProcess;
		let holders: Lease[];
		let paidBefore: MinedTransfer[];

		it('accepts the schema in DATABASE_URL (options=-c search_path=…)', async () => {
			const client = new pg.Client({ connectionString: env.DATABASE_URL });
			await client.connect();
			const { rows } = await client.query<{ search_path: string }>('SHOW search_path');
			await client.end();
			expect(rows[0]!.search_path).toBe(schema);
		});

		it('follows each chain from exactly one process', async () => {
			a = await start();
			holders = await waitUntil(
				'the first process to lease both watchers',
				async () => {
					const leases = await watcherLeases();
					return leases.length === CHAIN_IDS.length ? leases : undefined;
				},
				20_000
			);
			expect(holders.map((l) => l.name)).toEqual(CHAIN_IDS.map((id) => `watcher:${id}`).sort());
			b = await start();
			// Sampled while both run and payments flow (next test): the holders never change.
			for (let i = 0; i < 10; i++) {
				expect(await watcherLeases()).toEqual(holders);
				await new Promise((r) => setTimeout(r, 200));
			}
		}, 90_000);

		it('counts each payment once, whichever process issued the intent', async () => {
			const intents: OpenIntent[] = [];
			for (let n = 0; n < 6; n++) {
				intents.push(
					await openIntent(n % 2 === 0 ? a.url : b.url, key, {
						chain: n % 3 === 0 ? 'ethereum' : 'base',
						token: 'USDC',
						price: `${n + 3}.${n}5`
					})
				);
			}
			expect(new Set(intents.map((i) => i.address)).size).toBe(intents.length);
			paidBefore = await payAll(intents);
			const ids = intents.map((i) => i.intentId);
			const seenByA = await until(a.url, ids, ['succeeded']);
			const seenByB = await until(b.url, ids, ['succeeded']);
			for (const listed of [seenByA, seenByB]) {
				for (const intent of intents) {
					const row = listed.find((i) => i.id === intent.intentId)!;
					expect(row.amount_received).toBe(row.amount);
					expect(row.transfers).toHaveLength(1);
					expect(row.transfers[0]).toMatchObject({ applies: true, late: false, state: 'final' });
				}
			}
			const { rows } = await admin.query<{ chain_id: number; tx_hash: string; n: string }>(
				`SELECT chain_id, tx_hash, log_index, count(*) AS n FROM ${schema}.transfers
				 GROUP BY chain_id, tx_hash, log_index`
			);
			expect(rows.every((r) => r.n === '1')).toBe(true);
			expect(rows.map((r) => `${r.chain_id}:${r.tx_hash}`).sort()).toEqual(
				paidBefore.map((p) => `${p.chainId}:${p.txHash}`).sort()
			);
			expect(await watcherLeases()).toEqual(holders);
		}, 90_000);

		it('lets the survivor take both chains over after the holder is killed', async () => {
			const intent = await openIntent(b.url, key, { chain: 'base', token: 'USDC', price: '9.99' });
			await a.kill();
			const killedAt = Date.now();
			const [payment] = await payAll([intent]);
			const taken = await waitUntil(
				'the survivor to take the leases',
				async () => {
					const leases = await watcherLeases();
					const moved = leases.every((l) => !holders.some((h) => h.holder === l.holder));
					return leases.length === CHAIN_IDS.length && moved ? Date.now() - killedAt : undefined;
				},
				25_000,
				100
			);
			// The lease lives 10 s; the survivor asks for it every 10/3 s.
			expect(taken).toBeLessThan(15_000);
			const [paid] = await until(b.url, [intent.intentId], ['confirmed', 'succeeded']);
			expect(paid.amount_received).toBe('9.99');
			expect(paid.transfers).toHaveLength(1);
			expect(paid.transfers[0]).toMatchObject({
				transaction_hash: payment!.txHash,
				log_index: payment!.logIndex,
				applies: true
			});
			const { rows } = await admin.query<{ n: string }>(
				`SELECT count(*) AS n FROM ${schema}.transfers WHERE tx_hash = $1`,
				[payment!.txHash]
			);
			expect(rows[0]!.n).toBe('1');
			const status = await api(b.url, key, `/v1/payment_intents/${intent.intentId}`);
			expect(status.status).toMatch(/^(confirmed|succeeded)$/);
			console.info(`instances: lease taken over ${taken} ms after the holder was killed`);
			await b.stop();
		}, 90_000);
	});
}
