// Webhook delivery as a merchant sees it: how many events a second the real worker gets to a local
// receiver, and how long after an intent's state change its event arrives. Kassa is the built app
// (`scripts/start.js --no-build`) with its own local test chains; payments come from development
// accounts. Numbers only: a benchmark never asserts timing.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Webhook } from 'standardwebhooks';
import { createPublicClient, encodeFunctionData, erc20Abi, http, parseUnits } from 'viem';
import { devAccount, freePorts } from './localNode.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Payments made all in one block (a burst of due events), and one a block (nothing queued). */
const PAYMENTS = Number(process.env.BENCH_WEBHOOK_PAYMENTS ?? 100);
const SINGLE = 10;
/** Intents whose status the bench polls to see the moment of each change (one transaction for all). */
const SAMPLES = 4;
const POLL_MS = 5;
const CHAIN = 'base';
/** Base's stand-in is Kassa's second local chain, at KASSA_DEV_CHAIN_PORT + 1. */
const CHAIN_SLOT = 1;
const TOKENS = ['USDC', 'USDT'];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values) => {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const percentile = (values, p) => {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** The merchant's receiver: verifies each request with standardwebhooks and notes when it came. */
async function startReceiver() {
	/** @type {{ id: string, type: string, objectId: string, at: number, body: string }[]} */
	const received = [];
	let rejected = 0;
	/** @type {Webhook | undefined} */
	let webhook;
	const server = createServer((req, res) => {
		const chunks = [];
		req.on('data', (chunk) => chunks.push(chunk));
		req.on('end', () => {
			const at = performance.now();
			const body = Buffer.concat(chunks).toString('utf8');
			try {
				const event = /** @type {any} */ (
					webhook?.verify(body, {
						'webhook-id': String(req.headers['webhook-id']),
						'webhook-timestamp': String(req.headers['webhook-timestamp']),
						'webhook-signature': String(req.headers['webhook-signature'])
					})
				);
				if (!event || event.id !== req.headers['webhook-id']) throw new Error('not the event');
				received.push({ id: event.id, type: event.type, objectId: event.data.object.id, at, body });
				res.writeHead(204).end();
			} catch {
				rejected += 1;
				res.writeHead(400).end();
			}
		});
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
	const address = /** @type {import('node:net').AddressInfo} */ (server.address());
	return {
		url: `http://127.0.0.1:${address.port}/kassa/webhooks`,
		received,
		rejected: () => rejected,
		/** @param {string} secret */
		trust: (secret) => void (webhook = new Webhook(secret)),
		close: () =>
			new Promise((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve(undefined));
			})
	};
}

/** The built app on a fresh data directory, starting its own local chains at `chainPort` (+1). */
async function startKassa(port, chainPort) {
	const dataDir = await mkdtemp(join(tmpdir(), 'kassa-bench-webhooks-'));
	const key = `sk_test_${randomBytes(24).toString('hex')}`;
	const child = spawn(process.execPath, ['scripts/start.js', '--no-build'], {
		cwd: ROOT,
		env: {
			PATH: process.env.PATH ?? '',
			HOME: process.env.HOME ?? '',
			KASSA_DATA_DIR: dataDir,
			PORT: String(port),
			HOST: '127.0.0.1',
			NODE_ENV: 'development',
			LOG_LEVEL: 'warn',
			KASSA_DEV_CHAIN_PORT: String(chainPort),
			KASSA_BOOTSTRAP_KEY: key
		},
		stdio: ['ignore', 'pipe', 'pipe']
	});
	let output = '';
	child.stderr.on('data', (chunk) => (output += chunk));
	const exited = new Promise((resolve) => child.once('exit', resolve));
	try {
		await new Promise((resolve, reject) => {
			child.stdout.on('data', (chunk) => {
				output += chunk;
				if (output.includes('Kassa is listening')) resolve(undefined);
			});
			exited.then((code) => reject(new Error(`Kassa exited with ${code}:\n${output}`)));
			setTimeout(() => reject(new Error(`Kassa did not start:\n${output}`)), 90_000).unref();
		});
	} catch (error) {
		child.kill('SIGKILL');
		await exited;
		await rm(dataDir, { recursive: true, force: true });
		throw error;
	}
	const stop = async () => {
		if (child.exitCode === null && child.signalCode === null) {
			child.kill('SIGTERM');
			const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
			await exited;
			clearTimeout(timer);
		}
		await rm(dataDir, { recursive: true, force: true });
	};
	return { base: `http://127.0.0.1:${port}`, key, stop, output: () => output };
}

/** A merchant API call with the secret key; throws on any non-2xx. */
async function api(kassa, path, init = {}) {
	const res = await fetch(`${kassa.base}${path}`, {
		...init,
		headers: {
			authorization: `Bearer ${kassa.key}`,
			...(init.body ? { 'content-type': 'application/json' } : {}),
			...init.headers
		}
	});
	const text = await res.text();
	if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text}`);
	return JSON.parse(text);
}

/** A checkout session with its token chosen on the hosted page, and the page's status credential. */
async function openIntent(kassa, n) {
	const token = TOKENS[n % TOKENS.length];
	const session = await api(kassa, '/api/v1/checkout_sessions', {
		method: 'POST',
		body: JSON.stringify({
			success_url: 'https://shop.example/ok',
			cancel_url: 'https://shop.example/cancel',
			currency: 'usd',
			line_items: [
				{ unit_amount: `${1 + (n % 50)}.00`, quantity: 1, product_data: { name: `Order ${n}` } }
			],
			supported_tokens: [{ chain: CHAIN, currency: token }]
		})
	});
	const page = `${kassa.base}/checkout?session_id=${encodeURIComponent(session.id)}`;
	const chosen = await fetch(`${page}&/select`, {
		method: 'POST',
		body: new URLSearchParams({ csrf_token: session.csrf_token, token: `${CHAIN}:${token}` }),
		redirect: 'manual'
	});
	if (chosen.status >= 400) throw new Error(`select: ${chosen.status} ${await chosen.text()}`);
	const after = await api(kassa, `/api/v1/checkout_sessions/${session.id}`);
	const intent = await api(kassa, `/v1/payment_intents/${after.payment_intent_id}`);
	// The hosted page polls the status with this credential: answered from memory, no database.
	const html = await (await fetch(page)).text();
	const credential = new RegExp(`${session.id}\\.[A-Za-z0-9_-]+`).exec(html)?.[0] ?? kassa.key;
	return {
		sessionId: session.id,
		intentId: intent.id,
		chainId: intent.chain_id,
		tokenAddress: intent.contract_address,
		address: intent.one_time_address,
		amount: parseUnits(intent.amount, 6),
		credential
	};
}

/**
 * Watches one intent's status every 5 ms, noting when each status was first seen: the change
 * happened up to one poll (and its round trip) earlier, so latencies from it err low by that much.
 */
function watchStatus(kassa, intent) {
	const seen = new Map();
	let running = true;
	const done = (async () => {
		while (running) {
			try {
				const res = await fetch(`${kassa.base}/v1/payment_intents/${intent.intentId}/status`, {
					headers: { authorization: `Bearer ${intent.credential}` }
				});
				const at = performance.now();
				const { status } = await res.json();
				if (!seen.has(status)) seen.set(status, at);
				if (status === 'succeeded') break;
			} catch {
				// A missed poll only blurs the moment; the next one sees the change.
			}
			await sleep(POLL_MS);
		}
	})();
	return {
		seen,
		stop: async () => {
			running = false;
			await done;
		}
	};
}

/**
 * Pays every intent exactly in one batch: transfers signed up front (development accounts 1-9,
 * nonces counted here) and submitted together just after a block, so they share a block and every
 * intent changes state in the same transaction. Returns each intent's block number once mined.
 */
async function payAll(rpcUrl, intents) {
	const client = createPublicClient({ transport: http(rpcUrl), cacheTime: 0 });
	const gasPrice = (await client.getGasPrice()) * 2n;
	const nonces = new Map();
	const signed = [];
	for (const [n, intent] of intents.entries()) {
		const from = 1 + (n % 9);
		const account = devAccount(from);
		if (!nonces.has(from))
			nonces.set(
				from,
				await client.getTransactionCount({ address: account.address, blockTag: 'pending' })
			);
		const nonce = nonces.get(from);
		nonces.set(from, nonce + 1);
		signed.push(
			await account.signTransaction({
				type: 'legacy',
				chainId: intent.chainId,
				to: intent.tokenAddress,
				data: encodeFunctionData({
					abi: erc20Abi,
					functionName: 'transfer',
					args: [intent.address, intent.amount]
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
		hashes.map((hash) => client.waitForTransactionReceipt({ hash, pollingInterval: 100 }))
	);
	if (receipts.some((r) => r.status !== 'success')) throw new Error('a bench transfer failed');
	return receipts.map((r) => Number(r.blockNumber));
}

/** Waits until the receiver holds `count` distinct events received after `since`. */
async function untilReceived(receiver, count, since, timeoutMs) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const ids = new Set(receiver.received.filter((r) => r.at >= since).map((r) => r.id));
		if (ids.size >= count) return;
		if (Date.now() > deadline)
			throw new Error(`only ${ids.size} of ${count} webhook events arrived in ${timeoutMs} ms`);
		await sleep(20);
	}
}

/** Runs `fn` over `items`, `limit` at a time. */
async function pool(items, limit, fn) {
	const results = new Array(items.length);
	let next = 0;
	const worker = async () => {
		for (let i = next++; i < items.length; i = next++) results[i] = await fn(items[i], i);
	};
	await Promise.all(Array.from({ length: limit }, worker));
	return results;
}

/** An event's intent status: a session completes in the transaction that confirms its intent. */
const statusOf = (type) =>
	type === 'checkout_session.completed' ? 'confirmed' : type.slice('payment_intent.'.length);

/**
 * Each event's time from its state change to its first receipt. Intents paid in one block change
 * in one transaction, so any watched intent of that block dates the change for all of them.
 * Also groups the events by (block, status): a burst made due at once, and how fast it drained.
 */
function measure(intents, blocks, watched, receipts) {
	const blockOf = new Map(intents.map((intent, n) => [intent.intentId, blocks[n]]));
	const changedAt = new Map();
	for (const [intentId, seen] of watched) {
		for (const [status, at] of seen) {
			const key = `${blockOf.get(intentId)}:${status}`;
			changedAt.set(key, Math.min(changedAt.get(key) ?? Infinity, at));
		}
	}
	const intentOf = new Map(
		intents.flatMap((i) => [
			[i.intentId, i],
			[i.sessionId, i]
		])
	);
	const latencies = [];
	const bursts = new Map();
	let unmeasured = 0;
	for (const r of receipts) {
		const intent = intentOf.get(r.objectId);
		const key = `${blockOf.get(intent?.intentId)}:${statusOf(r.type)}`;
		const at = changedAt.get(key);
		if (!intent || at === undefined) {
			unmeasured += 1;
			continue;
		}
		latencies.push(r.at - at);
		const burst = bursts.get(key) ?? { status: statusOf(r.type), from: at, last: at, events: 0 };
		burst.last = Math.max(burst.last, r.at);
		burst.events += 1;
		bursts.set(key, burst);
	}
	return {
		latencyMs: {
			median: median(latencies),
			p95: percentile(latencies, 95),
			min: Math.min(...latencies),
			max: Math.max(...latencies),
			measured: latencies.length,
			unmeasured
		},
		bursts: [...bursts.values()].map((b) => ({
			status: b.status,
			events: b.events,
			ms: b.last - b.from,
			perSecond: b.events / ((b.last - b.from) / 1000)
		}))
	};
}

/** The first receipt of each event the receiver got after `since`. */
function firstReceipts(receiver, since) {
	const first = new Map();
	for (const r of receiver.received) if (r.at >= since && !first.has(r.id)) first.set(r.id, r);
	return [...first.values()];
}

const EVENTS_PER_PAYMENT = 4; // requires_confirmation, confirmed, succeeded, checkout_session.completed
const ms = (value) => Math.round(value);

export async function webhookBench() {
	const [port, chainPort] = await freePorts(3); // Kassa, then its two local chains
	const rpcUrl = `http://127.0.0.1:${chainPort + CHAIN_SLOT}`;
	const receiver = await startReceiver();
	let kassa;
	const watchers = [];
	try {
		kassa = await startKassa(port, chainPort);
		const endpoint = await api(kassa, '/v1/webhook_endpoints', {
			method: 'POST',
			body: JSON.stringify({ url: receiver.url })
		});
		receiver.trust(endpoint.secret);
		const opened = await pool(Array.from({ length: SINGLE + PAYMENTS }), 8, (_, n) =>
			openIntent(kassa, n)
		);
		const single = opened.slice(0, SINGLE);
		const burst = opened.slice(SINGLE);

		// 1. One payment a block, each intent watched: the time to receipt with nothing queued.
		let since = performance.now();
		const singleBlocks = [];
		for (const intent of single) {
			const watcher = watchStatus(kassa, intent);
			watchers.push(watcher);
			singleBlocks.push(...(await payAll(rpcUrl, [intent])));
		}
		await untilReceived(receiver, SINGLE * EVENTS_PER_PAYMENT, since, 60_000);
		await Promise.all(watchers.map((w) => w.stop()));
		const alone = measure(
			single,
			singleBlocks,
			single.map((intent, n) => [intent.intentId, watchers[n].seen]),
			firstReceipts(receiver, since)
		);

		// 2. Every payment in one block: each state change makes PAYMENTS (or twice that) events due
		// in one transaction; a few watched intents date the change, the receipts show the drain.
		since = performance.now();
		const step = Math.max(1, Math.floor(PAYMENTS / SAMPLES));
		const samples = burst.filter((_, n) => n % step === 0).slice(0, SAMPLES);
		const sampled = samples.map((intent) => watchStatus(kassa, intent));
		watchers.push(...sampled);
		const burstBlocks = await payAll(rpcUrl, burst);
		await untilReceived(receiver, PAYMENTS * EVENTS_PER_PAYMENT, since, 120_000);
		await Promise.all(sampled.map((w) => w.stop()));
		const burstReceipts = firstReceipts(receiver, since);
		const together = measure(
			burst,
			burstBlocks,
			samples.map((intent, n) => [intent.intentId, sampled[n].seen]),
			burstReceipts
		);

		// 3. Every event of the burst again through `POST /v1/events/:id/resend`: the same worker
		// and HTTP send, the events made due one API call at a time.
		const events = burstReceipts.map((r) => r.id);
		const resendFrom = performance.now();
		await pool(events, 16, (id) => api(kassa, `/v1/events/${id}/resend`, { method: 'POST' }));
		const callsMs = performance.now() - resendFrom;
		await untilReceived(receiver, events.length, resendFrom, 120_000);
		const resendMs = Math.max(...firstReceipts(receiver, resendFrom).map((r) => r.at)) - resendFrom;

		// What Kassa itself recorded per attempt: from the start of the send to the answer.
		const attempts = [];
		for (let after = ''; ;) {
			const page = await api(
				kassa,
				`/v1/webhook_endpoints/${endpoint.id}/attempts?limit=100${after}`
			);
			attempts.push(...page.data);
			if (!page.has_more) break;
			after = `&starting_after=${page.data.at(-1).id}`;
		}
		const attemptMs = attempts.map((a) => a.latency_ms);

		return {
			payments: { single: SINGLE, burst: PAYMENTS },
			blocks: { single: singleBlocks, burst: [...new Set(burstBlocks)] },
			requests: receiver.received.length,
			rejected: receiver.rejected(),
			// The hosted page's credential (answered from memory) unless the page did not show it.
			statusPolledWith: opened.every((i) => i.credential !== kassa.key) ? 'page credential' : 'key',
			failedAttempts: attempts.filter((a) => !a.succeeded).length,
			single: alone,
			burst: together,
			resend: {
				events: events.length,
				ms: resendMs,
				callsMs,
				perSecond: events.length / (resendMs / 1000)
			},
			attemptLatencyMs: { median: median(attemptMs), max: Math.max(...attemptMs) },
			rows: [
				[
					`webhook events delivered/s to a local receiver, ${PAYMENTS} payments in one block (each state change's events due in one transaction)`,
					together.bursts
						.map((b) => `${b.status} ${b.events} events: ${Math.round(b.perSecond)}`)
						.join('; ')
				],
				[
					`webhook events delivered/s to a local receiver, ${events.length} resent over the API (calls included)`,
					Math.round(events.length / (resendMs / 1000))
				],
				[
					`intent state change seen → webhook received, ms (${alone.latencyMs.measured} events, one payment a block)`,
					`median ${ms(alone.latencyMs.median)}, max ${ms(alone.latencyMs.max)}`
				],
				[
					`intent state change seen → webhook received, ms (${together.latencyMs.measured} events, ${PAYMENTS} payments in one block)`,
					`median ${ms(together.latencyMs.median)}, p95 ${ms(together.latencyMs.p95)}, max ${ms(together.latencyMs.max)}`
				],
				[
					'webhook attempt as Kassa records it (send to answer), ms',
					`median ${ms(median(attemptMs))}, max ${ms(Math.max(...attemptMs))}`
				]
			]
		};
	} finally {
		await Promise.all(watchers.map((w) => w.stop()));
		await kassa?.stop();
		await receiver.close();
	}
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const result = await webhookBench();
	console.log(JSON.stringify({ ...result, rows: undefined }, null, 2));
	for (const [name, value] of result.rows) console.log(`| ${name} | ${value} |`);
}
