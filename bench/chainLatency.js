// How fast a mined payment shows on the status endpoint, and what the watcher asks of the node per
// block with 10 and with 10,000 watched addresses. Numbers only: a benchmark never asserts timing.
import { spawn } from 'node:child_process';
import { createWalletClient, http, parseUnits } from 'viem';
import { devAccount, freePorts, startNode } from './localNode.js';
import { startRpcProxy } from './rpcProxy.js';

const PAYMENTS = 10;
const POLL_MS = 5;
const WINDOW_BLOCKS = 10;
const STAND_INS = [
	{ chain: 'ethereum', chainId: 11_155_111 },
	{ chain: 'base', chainId: 84_532 }
];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values) => {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The built Kassa child (bench/chainTarget.js); `ask` sends one stdin command and awaits its answer. */
function startKassa(env) {
	// Always the embedded database: the `watch` command writes through the child's own connection.
	const { DATABASE_URL: _ignored, ...inherited } = process.env;
	const child = spawn(process.execPath, ['bench/chainTarget.js'], {
		env: { ...inherited, ...env },
		stdio: ['pipe', 'pipe', 'inherit']
	});
	const waiting = [];
	let buffer = '';
	child.stdout.on('data', (chunk) => {
		buffer += chunk;
		let end;
		while ((end = buffer.indexOf('\n')) >= 0) {
			const line = buffer.slice(0, end);
			buffer = buffer.slice(end + 1);
			if (line.startsWith('@bench ')) waiting.shift()?.resolve(JSON.parse(line.slice(7)));
		}
	});
	const exited = new Promise((resolve) => child.once('exit', resolve));
	exited.then((code) => {
		for (const w of waiting.splice(0)) w.reject(new Error(`bench/chainTarget.js exited (${code})`));
	});
	const next = () => new Promise((resolve, reject) => waiting.push({ resolve, reject }));
	return {
		ready: next(),
		ask: (line) => {
			const answer = next();
			child.stdin.write(`${line}\n`);
			return answer;
		},
		stop: async () => {
			if (child.exitCode === null && child.signalCode === null) {
				child.stdin.end('stop\n');
				const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
				await exited;
				clearTimeout(timer);
			}
		}
	};
}

async function rpc(url, method, params = []) {
	const res = await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params })
	});
	return (await res.json()).result;
}

/** Watches the node's head every 5 ms, remembering when each block number was first seen. */
function watchHead(url) {
	const seenAt = new Map();
	let running = true;
	let head = 0;
	const done = (async () => {
		while (running) {
			const number = Number(await rpc(url, 'eth_blockNumber'));
			if (number > head) {
				const now = performance.now();
				for (let n = head + 1; n <= number; n++) seenAt.set(n, now);
				head = number;
			}
			await sleep(POLL_MS);
		}
	})();
	return {
		seenAt,
		head: () => head,
		/** Resolves when block `number` has been seen. */
		until: async (number) => {
			while (head < number) await sleep(POLL_MS);
			return seenAt.get(number);
		},
		stop: async () => {
			running = false;
			await done;
		}
	};
}

/** One payment: t0 = the block with the transfer first seen by us, t1 = status first changed. */
async function measurePayment(pay, node, head, wallet, nonce, url) {
	const statusUrl = `${url}/v1/payment_intents/${pay.intentId}/status`;
	const headers = { authorization: `Bearer ${pay.credential}` };
	const hash = await wallet.writeContract({
		address: pay.tokenAddress,
		abi: node.abi,
		functionName: 'transfer',
		args: [pay.address, parseUnits(pay.amount, 6)],
		nonce,
		gas: 100_000n
	});
	let t1;
	while (t1 === undefined) {
		const body = await (await fetch(statusUrl, { headers })).json();
		if (body.status !== 'requires_payment_method') t1 = performance.now();
		else await sleep(POLL_MS);
	}
	const receipt = await node.client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
	const t0 = await head.until(Number(receipt.blockNumber));
	return t1 - t0;
}

/** RPC traffic through the proxy over `blocks` blocks, per block. */
async function perBlock(proxy, head, blocks) {
	const from = head.head() + 1;
	await head.until(from);
	const before = proxy.snapshot();
	await head.until(from + blocks);
	const after = proxy.snapshot();
	const methods = Object.fromEntries(
		Object.keys(after.methods).map((m) => [
			m,
			((after.methods[m] ?? 0) - (before.methods[m] ?? 0)) / blocks
		])
	);
	return {
		requests: (after.requests - before.requests) / blocks,
		calls: (after.calls - before.calls) / blocks,
		bytes: Math.round((after.bytes - before.bytes) / blocks),
		methods
	};
}

export async function chainLatency() {
	const ports = await freePorts(4);
	const nodes = [];
	const proxies = [];
	let kassa;
	let head;
	try {
		for (const [slot, { chainId }] of STAND_INS.entries()) {
			nodes.push(await startNode({ chainId, port: ports[2 + slot] }));
			proxies.push(await startRpcProxy(ports[slot], nodes[slot].url));
		}
		const [kassaPort] = await freePorts(1);
		kassa = startKassa({
			PORT: String(kassaPort),
			KASSA_DEV_CHAINS: 'external',
			KASSA_DEV_CHAIN_PORT: String(ports[0]),
			KASSA_WORKERS: 'on'
		});
		const { url } = await kassa.ready;
		// demoPayment chooses the session's first token: its first intent tells the network.
		let pay = await kassa.ask('open');
		const slot = await slotOf(url, pay, nodes);
		const node = nodes[slot];
		const proxy = proxies[slot];
		head = watchHead(node.url);
		const wallet = createWalletClient({
			chain: node.chain,
			account: devAccount(1),
			transport: http(node.url)
		});
		let nonce = await node.client.getTransactionCount({ address: devAccount(1).address });
		const latencies = [];
		for (let i = 0; i < PAYMENTS; i++) {
			if (i > 0) pay = await kassa.ask('open');
			latencies.push(await measurePayment(pay, node, head, wallet, nonce++, url));
		}
		const intervals = [...head.seenAt.entries()]
			.filter(([n]) => head.seenAt.has(n - 1) && head.seenAt.get(n - 1) !== head.seenAt.get(n))
			.map(([n, at]) => at - head.seenAt.get(n - 1));
		const { watched: before } = await kassa.ask('watch 0');
		const few = await perBlock(proxy, head, WINDOW_BLOCKS);
		const { watched } = await kassa.ask(`watch ${10_000 - before}`);
		await head.until(head.head() + 2); // the watcher reloads its address book before a range
		const many = await perBlock(proxy, head, WINDOW_BLOCKS);
		return {
			chain: STAND_INS[slot].chain,
			payments: PAYMENTS,
			latencyMs: { median: median(latencies), max: Math.max(...latencies), all: latencies },
			blockIntervalMs: median(intervals),
			rpcPerBlock: { watched: [before, watched], few, many }
		};
	} finally {
		await head?.stop();
		await kassa?.stop();
		await Promise.all(proxies.map((p) => p.close()));
		await Promise.all(nodes.map((n) => n.stop()));
	}
}

/** Which stand-in a demo intent is on: the node where its token contract has code and Kassa pays. */
async function slotOf(url, probe, nodes) {
	const res = await fetch(`${url}/v1/payment_intents/${probe.intentId}/status`, {
		headers: { authorization: `Bearer ${probe.credential}` }
	});
	const { chain } = await res.json();
	const slot = STAND_INS.findIndex((s) => s.chain === chain);
	if (slot < 0 || !nodes[slot]) throw new Error(`demo intent on an unexpected chain: ${chain}`);
	return slot;
}

/** The table rows of `npm run bench`. */
export function chainRows(result) {
	const { latencyMs, blockIntervalMs, rpcPerBlock, chain } = result;
	const [few, many] = rpcPerBlock.watched;
	const traffic = (r) => {
		const methods = Object.entries(r.methods)
			.filter(([, n]) => n > 0)
			.map(([m, n]) => `${m} ${n.toFixed(1)}`)
			.join(', ');
		return `${r.calls.toFixed(1)} calls in ${r.requests.toFixed(1)} requests (${methods}), ${r.bytes} B`;
	};
	return [
		[
			`block seen → intent status changed, ms (target ≤ block interval + 250 ms; ${chain} stand-in, ${result.payments} payments)`,
			`median ${Math.round(latencyMs.median)}, max ${Math.round(latencyMs.max)}`
		],
		['block interval of the local node, ms', Math.round(blockIntervalMs)],
		[`watcher RPC per block, ${few} watched addresses`, traffic(rpcPerBlock.few)],
		[
			`watcher RPC per block, ${many.toLocaleString('en')} watched addresses`,
			traffic(rpcPerBlock.many)
		]
	];
}
