// The hosted checkout's budgets: first-load JavaScript (gzip, wallet code excluded) and Lighthouse
// mobile scores, against the built app serving a real session on Kassa's own local test chains.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ensureBuild } from './ensureBuild.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const JS_BUDGET_BYTES = 60 * 1024;
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS =
	'--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run ' +
	'--disable-background-networking --disable-component-update --disable-sync';

/** @param {number} port */
const isFree = (port) =>
	new Promise((resolve) => {
		const probe = createServer()
			.once('error', () => resolve(false))
			.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
	});

/** A free port with `extra` free ports after it. @param {number} from @param {number} extra */
async function freePort(from, extra = 0) {
	for (let port = from; port < from + 500; port += extra + 1) {
		const all = await Promise.all(Array.from({ length: extra + 1 }, (_, k) => isFree(port + k)));
		if (all.every(Boolean)) return port;
	}
	throw new Error(`no free port from ${from}`);
}

/** Starts the built app (with its own stand-in chains) on a fresh data directory. */
async function startKassa() {
	const port = await freePort(3300);
	const dataDir = await mkdtemp(join(tmpdir(), 'kassa-bench-checkout-'));
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
			KASSA_DEV_CHAIN_PORT: String(await freePort(19_500, 1)),
			KASSA_BOOTSTRAP_KEY: key
		},
		stdio: ['ignore', 'pipe', 'pipe']
	});
	let output = '';
	child.stderr.on('data', (chunk) => (output += chunk));
	await new Promise((resolve, reject) => {
		child.stdout.on('data', (chunk) => {
			output += chunk;
			if (output.includes('Kassa is listening')) resolve(undefined);
		});
		child.once('exit', (code) => reject(new Error(`Kassa exited with ${code}:\n${output}`)));
	});
	const stop = async () => {
		child.removeAllListeners('exit');
		const exited = new Promise((resolve) => child.once('exit', resolve));
		child.kill('SIGTERM');
		await exited;
		await rm(dataDir, { recursive: true, force: true });
	};
	return { base: `http://127.0.0.1:${port}`, key, stop };
}

/** A session with a token chosen (the page's heaviest state: amount, address, QR). */
async function paymentPage(/** @type {{ base: string, key: string }} */ kassa) {
	const response = await fetch(`${kassa.base}/api/v1/checkout_sessions`, {
		method: 'POST',
		headers: { authorization: `Bearer ${kassa.key}`, 'content-type': 'application/json' },
		body: JSON.stringify({
			success_url: 'https://shop.example/success',
			cancel_url: 'https://shop.example/cancel',
			currency: 'usd',
			line_items: [{ unit_amount: '20.00', quantity: 1, product_data: { name: 'T-shirt' } }],
			supported_tokens: [{ chain: 'base', currency: 'USDC' }]
		})
	});
	const session = await response.json();
	if (!response.ok) throw new Error(`session: ${JSON.stringify(session)}`);
	const url = `${kassa.base}/checkout?session_id=${session.id}`;
	const chosen = await fetch(`${kassa.base}/checkout?/select&session_id=${session.id}`, {
		method: 'POST',
		headers: { accept: 'text/html' },
		body: new URLSearchParams({ csrf_token: session.csrf_token, token: 'base:USDC' }),
		redirect: 'manual'
	});
	if (chosen.status !== 303) throw new Error(`choosing a token answered ${chosen.status}`);
	return url;
}

/**
 * Every script the page loads before anyone asks for a wallet, gzipped at level 9: what kit
 * preloads (the `link` header), the entry imports of the inline script, and their static imports.
 * Dynamic `import()`s (the wallet) are not followed.
 * @param {string} url
 */
export async function firstLoadJs(url) {
	const response = await fetch(url);
	const html = await response.text();
	const linked = [
		...(response.headers.get('link') ?? '').matchAll(/<([^>]+)>;[^,]*modulepreload/g)
	];
	const queue = [...linked, ...html.matchAll(/import\("([^"]+)"\)/g)].map(
		(m) => new URL(m[1] ?? '', url).pathname
	);
	const files = new Set();
	let bytes = 0;
	while (queue.length > 0) {
		const path = /** @type {string} */ (queue.shift());
		if (files.has(path) || !path.endsWith('.js')) continue;
		files.add(path);
		const code = await readFile(join(ROOT, 'build', 'client', path));
		bytes += gzipSync(code, { level: 9 }).length;
		const statics = code
			.toString()
			.matchAll(/(?:import|export)\s*(?:[^"'()]*?from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g);
		for (const m of statics) queue.push(new URL(m[1] ?? '', new URL(path, url)).pathname);
	}
	return { bytes, files: [...files] };
}

/** Lighthouse's default (mobile, throttled) run; scores 0-100. @param {string} url */
export async function lighthouse(url) {
	const cli = join(ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js');
	const args = [
		cli,
		url,
		`--chrome-flags=${CHROME_FLAGS}`,
		'--only-categories=performance,accessibility'
	];
	args.push('--output=json', '--output-path=stdout', '--quiet');
	const child = spawn(process.execPath, args, { env: { ...process.env, CHROME_PATH: CHROME } });
	let out = '';
	let err = '';
	child.stdout.on('data', (chunk) => (out += chunk));
	child.stderr.on('data', (chunk) => (err += chunk));
	const code = await new Promise((resolve) => child.once('exit', resolve));
	if (code !== 0) throw new Error(`lighthouse exited with ${code}: ${err}`);
	const report = JSON.parse(out);
	const score = (/** @type {string} */ id) => Math.round(report.categories[id].score * 100);
	/** @type {Record<string, { score: number | null, scoreDisplayMode: string }>} */
	const audits = report.audits;
	const failing = Object.entries(audits)
		.filter(([, audit]) => audit.scoreDisplayMode === 'binary' && audit.score === 0)
		.map(([id]) => id);
	return { performance: score('performance'), accessibility: score('accessibility'), failing };
}

export async function benchCheckout() {
	ensureBuild();
	const kassa = await startKassa();
	try {
		const url = await paymentPage(kassa);
		const js = await firstLoadJs(url);
		const scores = await lighthouse(url);
		const kb = (js.bytes / 1024).toFixed(1);
		const rows = [
			['checkout first-load JS, gzip, wallet excluded (budget 60 KB)', `${kb} KB`],
			['checkout Lighthouse mobile performance (target ≥ 95)', scores.performance],
			['checkout Lighthouse mobile accessibility', scores.accessibility]
		];
		return { jsGzipBytes: js.bytes, jsFiles: js.files, lighthouse: scores, rows };
	} finally {
		await kassa.stop();
	}
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
	const result = await benchCheckout();
	console.log('\n| measure | value |\n| --- | --- |');
	for (const [name, value] of result.rows) console.log(`| ${name} | ${value} |`);
	await mkdir(join(ROOT, 'bench-results'), { recursive: true });
	const at = new Date().toISOString();
	await writeFile(
		join(ROOT, 'bench-results', 'checkout.json'),
		`${JSON.stringify({ at, ...result, rows: undefined }, null, 2)}\n`
	);
	if (result.jsGzipBytes > JS_BUDGET_BYTES || result.lighthouse.performance < 95)
		process.exitCode = 1;
}
