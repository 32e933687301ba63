import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staleReason } from '../../scripts/ensureBuild.js';
import { CheckoutSessionObject } from '../../src/lib/server/checkout/schemas';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The request body of the interface's own sample. */
const sample = {
	success_url: 'https://shop.example/success?session={CHECKOUT_SESSION_ID}',
	cancel_url: 'https://shop.example/cancel',
	currency: 'usd',
	line_items: [
		{
			unit_amount: '20.00',
			quantity: 1,
			product_data: { name: 'T-shirt', description: 'Organic cotton' }
		}
	],
	discounts: [],
	supported_tokens: [
		{ chain: 'base', currency: 'USDC' },
		{ chain: 'ethereum', currency: 'USDT' }
	]
};

/** A port of this file's range (3100-3149) that is free right now; +50 is kept for its local chains. */
async function freePort(): Promise<number> {
	const offset = Math.floor(Math.random() * 50);
	for (let i = 0; i < 50; i++) {
		const port = 3100 + ((offset + i) % 50);
		const free = await new Promise<boolean>((resolve) => {
			const probe = createServer()
				.once('error', () => resolve(false))
				.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
		});
		if (free) return port;
	}
	throw new Error('no free port in 3100-3149');
}

interface Run {
	child: ChildProcess;
	stdout: () => string;
	stderr: () => string;
	/** Resolves with the match once stdout matches; rejects if the process exits first. */
	waitFor(pattern: RegExp, ms?: number): Promise<RegExpMatchArray>;
	exited: Promise<number | null>;
}

function run(script: string, args: string[], env: Record<string, string>): Run {
	const child = spawn(process.execPath, [script, '--no-build', ...args], {
		cwd: root,
		// A clean environment: nothing of the test runner's (NODE_ENV=test, DATABASE_URL) leaks in.
		env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
		stdio: ['ignore', 'pipe', 'pipe']
	});
	let out = '';
	let err = '';
	child.stdout!.on('data', (chunk) => (out += chunk));
	child.stderr!.on('data', (chunk) => (err += chunk));
	const exited = new Promise<number | null>((resolve) =>
		child.once('exit', (code) => resolve(code))
	);
	return {
		child,
		stdout: () => out,
		stderr: () => err,
		exited,
		waitFor: (pattern, ms = 45_000) =>
			new Promise((resolve, reject) => {
				const check = () => {
					const match = pattern.exec(out);
					if (!match) return false;
					cleanup();
					resolve(match);
					return true;
				};
				const timer = setTimeout(() => fail(`timed out waiting for ${pattern}`), ms);
				const onExit = (code: number | null) =>
					fail(`exited with ${code} before printing ${pattern}`);
				const fail = (why: string) => {
					cleanup();
					reject(new Error(`${script} ${why}\nstdout:\n${out}\nstderr:\n${err}`));
				};
				const cleanup = () => {
					clearTimeout(timer);
					child.stdout!.off('data', check);
					child.off('exit', onExit);
				};
				if (check()) return;
				child.stdout!.on('data', check);
				child.once('exit', onExit);
			})
	};
}

async function stop(server: Run): Promise<{ code: number | null; ms: number }> {
	const started = Date.now();
	server.child.kill('SIGTERM');
	const code = await Promise.race([
		server.exited,
		new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 10_000))
	]);
	if (code === 'timeout') {
		server.child.kill('SIGKILL');
		throw new Error(
			`no exit within 10 s of SIGTERM\nstdout:\n${server.stdout()}\nstderr:\n${server.stderr()}`
		);
	}
	return { code, ms: Date.now() - started };
}

let dataDir: string;
let port: number;
let env: Record<string, string>;
let base: string;
const running: Run[] = [];

beforeAll(async () => {
	if (!existsSync(join(root, 'build', 'handler.js'))) {
		throw new Error(
			'build/handler.js is missing: run `npm run build` before this test (`npm test` does).'
		);
	}
	dataDir = await mkdtemp(join(tmpdir(), 'kassa-start-'));
	port = await freePort();
	base = `http://127.0.0.1:${port}`;
	env = {
		KASSA_DATA_DIR: dataDir,
		PORT: String(port),
		HOST: '127.0.0.1',
		NODE_ENV: 'development',
		KASSA_DEV_CHAIN_PORT: String(port + 50)
	};
});

afterAll(async () => {
	for (const server of running) if (server.child.exitCode === null) server.child.kill('SIGKILL');
	await rm(dataDir, { recursive: true, force: true });
});

const api = (key: string, path: string, body?: unknown) =>
	fetch(`${base}${path}`, {
		method: body ? 'POST' : 'GET',
		headers: {
			authorization: `Bearer ${key}`,
			...(body ? { 'content-type': 'application/json' } : {})
		},
		body: body ? JSON.stringify(body) : undefined
	});

describe('npm start on a fresh data directory', () => {
	let server: Run;
	let key: string;
	let demoUrl: string;

	it('serves and prints a test key and a demo checkout url', async () => {
		server = run('scripts/start.js', [], env);
		running.push(server);
		await server.waitFor(/Kassa is listening on (\S+)/);
		key = (await server.waitFor(/^Test API key: (sk_test_[0-9A-Za-z]+)$/m))[1]!;
		demoUrl = (await server.waitFor(/^Demo checkout: (\S+)$/m))[1]!;
		expect(server.stdout()).toContain(`Kassa is listening on ${base}`);
		expect(demoUrl).toMatch(
			new RegExp(`^http://localhost:${port}/checkout\\?session_id=chk_test_[0-9A-Za-z]+$`)
		);
		expect(server.stdout()).toMatch(
			new RegExp(`^curl -s ${base}/api/v1/checkout_sessions -H "Authorization: Bearer ${key}"`, 'm')
		);
	});

	it('the printed key creates a checkout session with every CheckoutSession field', async () => {
		const res = await api(key, '/api/v1/checkout_sessions', sample);
		expect(res.status).toBe(200);
		const json = await res.json();
		for (const field of Object.keys(CheckoutSessionObject.shape))
			expect(json, field).toHaveProperty(field);
		const session = CheckoutSessionObject.parse(json);
		expect(session).toMatchObject({
			currency: 'USD',
			amount_total: '20.00',
			status: 'open',
			livemode: false
		});
		expect(session.supported_tokens.map((t) => `${t.chain}/${t.currency}`)).toEqual([
			'base/USDC',
			'ethereum/USDT'
		]);
	});

	it('the demo session exists under the printed key', async () => {
		const id = new URL(demoUrl).searchParams.get('session_id');
		const res = await api(key, `/api/v1/checkout_sessions/${id}`);
		expect(res.status).toBe(200);
		expect(await res.json()).toMatchObject({
			id,
			amount_total: '20.00',
			line_items: [{ product_data: { name: 'Demo T-shirt' } }]
		});
	});

	it('answers /healthz and /readyz, and logs each request with its request id', async () => {
		const health = await fetch(`${base}/healthz`);
		expect(health.status).toBe(200);
		const ready = await fetch(`${base}/readyz`);
		expect(ready.status).toBe(200);
		expect(await ready.json()).toMatchObject({ status: 'ready', database: 'pglite' });
		const requestId = ready.headers.get('request-id');
		expect(requestId).toMatch(/^req_/);
		await server.waitFor(
			new RegExp(`"requestId":"${requestId}".*"path":"/readyz","status":200`),
			5_000
		);
	});

	it('accepts a body larger than adapter-node’s 512 KB default (Kassa’s own limit is 1 MiB)', async () => {
		const res = await api(key, '/api/v1/checkout_sessions', {
			...sample,
			description: 'x'.repeat(600_000)
		});
		expect(res.status).toBe(400);
		expect(await res.json()).toMatchObject({
			error: { type: 'invalid_request_error', param: 'description' }
		});
	});

	it('a CLI run against the same data directory says clearly that the database is in use', async () => {
		const cli = run(
			'scripts/kassa.js',
			['keys', 'create', '--account', 'acct_x', '--mode', 'test'],
			env
		);
		expect(await cli.exited).toBe(1);
		const lines = cli.stderr().trim().split('\n');
		expect(lines).toEqual([
			expect.stringMatching(
				/^Error: The embedded database in .* is in use by process \d+\. Stop that Kassa first/
			)
		]);
		expect(cli.stdout()).not.toMatch(/sk_test_/);
	});

	it('stops on SIGTERM with exit code 0, closing idle keep-alive connections at once', async () => {
		const { code, ms } = await stop(server);
		expect(code).toBe(0);
		expect(ms).toBeLessThan(5_000);
		expect(existsSync(join(dataDir, 'kassa.pid'))).toBe(false);
	});

	it('restarts on the same data directory without a new key; the first key still works', async () => {
		const again = run('scripts/start.js', [], env);
		running.push(again);
		await again.waitFor(/API keys: npm run kassa -- keys create/);
		expect(again.stdout()).not.toMatch(/Test API key|Demo checkout/);
		const res = await api(key, '/api/v1/checkout_sessions', sample);
		expect(res.status).toBe(200);
		expect((await stop(again)).code).toBe(0);
	});

	it('the CLI then issues a key, printed alone as the last line', async () => {
		const list = run('scripts/kassa.js', ['accounts', 'list'], env);
		expect(await list.exited).toBe(0);
		const accountId = /^(acct_[0-9A-Za-z]+) .*Development$/m.exec(list.stdout())?.[1];
		expect(accountId).toBeDefined();
		const create = run(
			'scripts/kassa.js',
			['keys', 'create', '--account', accountId!, '--mode', 'test'],
			env
		);
		expect(await create.exited).toBe(0);
		expect(create.stdout().trimEnd().split('\n').at(-1)).toMatch(/^sk_test_[0-9A-Za-z]{24,}$/);
	});
});

describe('start errors', () => {
	it('a bad setting is one clear message and exit code 1', async () => {
		const bad = run('scripts/start.js', [], {
			...env,
			KASSA_DATA_DIR: join(dataDir, 'unused'),
			PORT: 'abc'
		});
		expect(await bad.exited).toBe(1);
		expect(bad.stderr()).toMatch(/^Error: Invalid configuration:\n {2}PORT: /);
		expect(bad.stderr()).not.toMatch(/\n\s+at /);
	});
});

describe('staleReason (the build freshness check of npm start and npm run kassa)', () => {
	it('asks for a build when there is none, or when an input is newer than it; ignores tests', async () => {
		const dir = await mkdtemp(join(tmpdir(), 'kassa-fresh-'));
		try {
			await mkdir(join(dir, 'src', 'lib'), { recursive: true });
			await writeFile(join(dir, 'src', 'lib', 'a.ts'), '');
			await writeFile(join(dir, 'package.json'), '{}');
			expect(staleReason(dir)).toMatch(/build\/handler\.js is missing/);
			await mkdir(join(dir, 'build'));
			await writeFile(join(dir, 'build', 'handler.js'), '');
			const past = new Date(Date.now() - 60_000);
			for (const file of ['src/lib/a.ts', 'package.json'])
				await utimes(join(dir, file), past, past);
			expect(staleReason(dir)).toBeNull();
			await writeFile(join(dir, 'src', 'lib', 'a.test.ts'), '');
			expect(staleReason(dir)).toBeNull();
			await writeFile(join(dir, 'src', 'lib', 'a.ts'), 'changed');
			expect(staleReason(dir)).toMatch(/src\/lib\/a\.ts changed/);
			await utimes(join(dir, 'src/lib/a.ts'), past, past);
			await writeFile(join(dir, 'svelte.config.js'), '');
			expect(staleReason(dir)).toMatch(/svelte\.config\.js changed/);
		} finally {
			await rm(dir, { recursive: true, force: true });
		}
	});
});
