import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployTestTokens } from '../../src/lib/server/chain/devChain/deployTestTokens';
import { startAnvil, type Anvil } from '../../src/lib/server/chain/devChain/startAnvil';
import { launchBrowser, newShopperPage } from '../support/browser';
import { BASE_SEPOLIA, freePorts } from '../support/checkoutStack';

/**
 * The WalletConnect button: offered only with KASSA_WALLETCONNECT_PROJECT_ID, its code fetched
 * only on click. This machine cannot reach WalletConnect's relay, so the page must say so plainly.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const PROJECT_ID = '0123456789abcdef0123456789abcdef';
const WALLETCONNECT_CODE = /relay\.walletconnect\.org/;

interface Server {
	base: string;
	key: string;
	stop(): Promise<void>;
}

/** The built app as `npm start` runs it, on the shared local chain, with `env` added. */
async function startServer(chainPort: number, env: Record<string, string>): Promise<Server> {
	const port = await freePorts(3500, 50);
	const dataDir = await mkdtemp(join(tmpdir(), 'kassa-walletconnect-'));
	const key = `sk_test_${randomBytes(24).toString('hex')}`;
	const child: ChildProcess = spawn(process.execPath, ['scripts/start.js', '--no-build'], {
		cwd: root,
		env: {
			PATH: process.env.PATH ?? '',
			HOME: process.env.HOME ?? '',
			KASSA_DATA_DIR: dataDir,
			PORT: String(port),
			HOST: '127.0.0.1',
			PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
			NODE_ENV: 'development',
			LOG_LEVEL: 'warn',
			KASSA_DEV_CHAINS: 'external',
			KASSA_DEV_CHAIN_PORT: String(chainPort),
			KASSA_BOOTSTRAP_KEY: key,
			...env
		},
		stdio: ['ignore', 'pipe', 'pipe']
	});
	let output = '';
	child.stdout!.on('data', (chunk) => (output += chunk));
	child.stderr!.on('data', (chunk) => (output += chunk));
	await new Promise<void>((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error(`Kassa did not start:\n${output}`)), 60_000);
		child.stdout!.on('data', () => {
			if (output.includes('Kassa is listening')) {
				clearTimeout(timer);
				resolve();
			}
		});
		child.once('exit', (code) => reject(new Error(`Kassa exited with ${code}:\n${output}`)));
	});
	return {
		base: `http://127.0.0.1:${port}`,
		key,
		async stop() {
			if (child.exitCode === null && child.signalCode === null) {
				const exited = new Promise((resolve) => child.once('exit', resolve));
				child.kill('SIGTERM');
				await exited;
			}
			await rm(dataDir, { recursive: true, force: true });
		}
	};
}

async function sessionUrl(server: Server): Promise<string> {
	const response = await fetch(`${server.base}/api/v1/checkout_sessions`, {
		method: 'POST',
		headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json' },
		body: JSON.stringify({
			success_url: 'https://shop.example/success',
			cancel_url: 'https://shop.example/cancel',
			currency: 'usd',
			line_items: [{ unit_amount: '9.99', quantity: 1, product_data: { name: 'Mug' } }],
			supported_tokens: [{ chain: 'base', currency: 'USDC' }]
		})
	});
	const json = await response.json();
	if (response.status !== 200) throw new Error(`session not created: ${JSON.stringify(json)}`);
	return json.url;
}

/** Opens a session's payment panel, keeping every script the page fetched and its text. */
async function paymentPage(server: Server) {
	const page = await newShopperPage(browser);
	const scripts: { url: string; text: Promise<string> }[] = [];
	page.on('response', (r) => {
		if (r.request().resourceType() === 'script')
			scripts.push({ url: r.url(), text: r.text().catch(() => '') });
	});
	await page.goto(await sessionUrl(server));
	await page.getByRole('button', { name: /USDC/ }).click();
	await page.getByTestId('qr').waitFor();
	// Hydrated: the browser-wallet button appears only once the page runs.
	await page.getByRole('button', { name: 'Pay with browser wallet' }).waitFor();
	return { page, scripts };
}

const walletConnectScripts = async (scripts: { url: string; text: Promise<string> }[]) => {
	const texts = await Promise.all(scripts.map((s) => s.text));
	return scripts.filter((_, i) => WALLETCONNECT_CODE.test(texts[i]!)).map((s) => s.url);
};

let anvil: Anvil;
let browser: Browser;
let withId: Server;
let without: Server;
beforeAll(async () => {
	if (!existsSync(join(root, 'build', 'handler.js')))
		throw new Error('build/handler.js is missing: run `npm run build` first.');
	const chainPort = await freePorts(19_100, 49, 1);
	anvil = await startAnvil({ chainId: BASE_SEPOLIA, port: chainPort + 1, blockTime: 1 });
	await deployTestTokens(anvil.url, BASE_SEPOLIA);
	[withId, without] = await Promise.all([
		startServer(chainPort, { KASSA_WALLETCONNECT_PROJECT_ID: PROJECT_ID }),
		startServer(chainPort, {})
	]);
	browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
	await browser?.close();
	await withId?.stop();
	await without?.stop();
	await anvil?.stop();
});

const status = (page: Page) => page.getByTestId('walletconnect-status');

describe('pay with WalletConnect', () => {
	it('is not offered without a project id', async () => {
		const { page } = await paymentPage(without);
		expect(await page.getByRole('button', { name: 'Pay with WalletConnect' }).count()).toBe(0);
		await page.context().close();
	});

	it('loads its code only on click and says plainly when the relay cannot be reached', async () => {
		const { page, scripts } = await paymentPage(withId);
		const button = page.getByRole('button', { name: 'Pay with WalletConnect' });
		await button.waitFor();
		expect(await walletConnectScripts(scripts)).toEqual([]);
		const firstLoad = scripts.length;

		const started = Date.now();
		await button.click();
		await status(page)
			.getByText('Could not reach WalletConnect.', { exact: false })
			.waitFor({ timeout: 40_000 });
		expect(Date.now() - started).toBeLessThan(40_000);
		expect(scripts.length).toBeGreaterThan(firstLoad);
		expect((await walletConnectScripts(scripts)).length).toBeGreaterThan(0);
		expect(await button.isEnabled()).toBe(true);
		await page.context().close();
	}, 60_000);
});
