// `npm run bench`: ratios measured in one run on this machine (never a timed test).
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import autocannon from 'autocannon';
import { chainLatency, chainRows } from '../bench/chainLatency.js';
import { webhookBench } from '../bench/webhookDelivery.js';
import { benchCheckout } from './bench-checkout.js';
import { ensureBuild } from './ensureBuild.js';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;

/** Starts a node script that prints one JSON line when ready; resolves to that line and the child. */
function startChild(script, args = [], env = {}) {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [script, ...args], {
			env: { ...process.env, ...env },
			stdio: ['ignore', 'pipe', 'inherit']
		});
		let buffer = '';
		child.stdout.on('data', (chunk) => {
			buffer += chunk;
			const line = buffer.split('\n').find((l) => l.startsWith('{'));
			if (line) resolve({ child, info: JSON.parse(line) });
		});
		child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
	});
}

function stop(child) {
	return new Promise((resolve) => {
		child.removeAllListeners('exit');
		child.once('exit', resolve);
		child.kill('SIGTERM');
		setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
	});
}

async function load(url, headers) {
	const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
	if (result.non2xx > 0 || result.errors > 0)
		throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
	return result.requests.average;
}

async function statusThroughput() {
	const kassa = await startChild('bench/kassaTarget.js', [], { KASSA_WORKERS: 'off' });
	const { url, intentId, credential } = kassa.info;
	const statusUrl = `${url}/v1/payment_intents/${intentId}/status`;
	const headers = { authorization: `Bearer ${credential}` };
	const body = await (await fetch(statusUrl, { headers })).text();
	const bare = await startChild('bench/bareServer.js', [body]);
	await load(statusUrl, headers); // warm-up
	const bareRps = await load(bare.info.url, {});
	const kassaRps = await load(statusUrl, headers);
	await Promise.all([stop(kassa.child), stop(bare.child)]);
	return { bareRps, kassaRps, ratio: kassaRps / bareRps, bodyBytes: body.length };
}

await ensureBuild();
const throughput = await statusThroughput();
const chain = await chainLatency();
const checkout = await benchCheckout();
const webhooks = await webhookBench();
const rows = [
	['intent status endpoint, requests/s (50 connections)', Math.round(throughput.kassaRps)],
	['bare node:http, same JSON, requests/s', Math.round(throughput.bareRps)],
	['ratio (target ≥ 0.50)', throughput.ratio.toFixed(2)],
	...chainRows(chain),
	...checkout.rows,
	...webhooks.rows
];
console.log('\n| measure | value |\n| --- | --- |');
for (const [name, value] of rows) console.log(`| ${name} | ${value} |`);
await mkdir('bench-results', { recursive: true });
await writeFile(
	'bench-results/bench.json',
	`${JSON.stringify({ at: new Date().toISOString(), throughput, chain, checkout: { ...checkout, rows: undefined }, webhooks: { ...webhooks, rows: undefined } }, null, 2)}\n`
);
