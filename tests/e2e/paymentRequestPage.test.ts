import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createPublicClient, createWalletClient, defineChain, getAddress, http } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testTokenAbi } from '../../src/lib/server/chain/contracts/testToken';
import { deployTestTokens } from '../../src/lib/server/chain/devChain/deployTestTokens';
import { devAccount } from '../../src/lib/server/chain/devChain/devAccounts';
import { startAnvil, type Anvil } from '../../src/lib/server/chain/devChain/startAnvil';
import { inspect, launchBrowser, newShopperPage, readQr } from '../support/browser';
import { BASE_SEPOLIA, freePorts } from '../support/checkoutStack';
import { assertBuilt, startKassaProcess, type KassaProcess } from './fixtures/kassaProcess';

/**
 * The public page of a payment request (`/pay/<id>`) in real headless Chromium, with JavaScript,
 * against the built app and a real local chain (anvil as the Base Sepolia stand-in).
 */
let anvil: Anvil;
let kassa: KassaProcess;
let browser: Browser;
let dataDir: string;
let tokens: Awaited<ReturnType<typeof deployTestTokens>>;
const key = `sk_test_${randomBytes(24).toString('hex')}`;

beforeAll(async () => {
	assertBuilt();
	// Anvil at chainPort + 1 (the base slot of KASSA_DEV_CHAIN_PORT): both inside 18950-18999.
	const chainPort = await freePorts(18_950, 49, 1);
	anvil = await startAnvil({ chainId: BASE_SEPOLIA, port: chainPort + 1, blockTime: 1 });
	tokens = await deployTestTokens(anvil.url, BASE_SEPOLIA);
	const port = await freePorts(3400, 50);
	dataDir = await mkdtemp(join(tmpdir(), 'kassa-request-page-'));
	kassa = await startKassaProcess({
		KASSA_DATA_DIR: dataDir,
		PORT: String(port),
		HOST: '127.0.0.1',
		PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
		NODE_ENV: 'development',
		LOG_LEVEL: 'warn',
		KASSA_DEV_CHAINS: 'external',
		KASSA_DEV_CHAIN_PORT: String(chainPort),
		KASSA_BOOTSTRAP_KEY: key
	});
	browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
	await browser?.close();
	await kassa?.stop();
	await anvil?.stop();
	if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function api(path: string, body?: unknown) {
	const response = await fetch(`${kassa.url}${path}`, {
		method: body === undefined ? 'GET' : 'POST',
		headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body)
	});
	return { status: response.status, json: await response.json() };
}

/** Sends `units` of USDC from development account 4 and waits for its block. */
async function pay(to: string, units: bigint) {
	const chain = defineChain({
		id: BASE_SEPOLIA,
		name: 'Base Sepolia stand-in',
		nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
		rpcUrls: { default: { http: [anvil.url] } }
	});
	const transport = http(anvil.url);
	const wallet = createWalletClient({ chain, account: devAccount(4), transport });
	const hash = await wallet.writeContract({
		address: tokens.USDC,
		abi: testTokenAbi,
		functionName: 'transfer',
		args: [to as `0x${string}`, units]
	});
	await createPublicClient({ chain, transport, pollingInterval: 100 }).waitForTransactionReceipt({
		hash
	});
	return hash;
}

interface RequestObject {
	id: string;
	status: string;
	url: string | null;
	amount_paid: string;
	amount_due: string;
	branding: { display_name: string } | null;
}

/** A draft for 10.00 USD in base USDC; finalized (open, with its url) unless `draft`. */
async function openRequest(draft = false): Promise<RequestObject> {
	const created = await api('/api/v1/payment_requests', {
		currency: 'USD',
		amount: '10.00',
		supported_tokens: [{ chain: 'base', currency: 'USDC' }],
		customer_name: 'Ada Lovelace',
		description: 'Invoice 2041: consulting, March',
		due_at: Math.floor(Date.now() / 1000) + 14 * 24 * 3600
	});
	expect(created.status).toBe(200);
	if (draft) return created.json;
	const finalized = await api(`/api/v1/payment_requests/${created.json.id}/finalize`, {});
	expect(finalized.status).toBe(200);
	return finalized.json;
}

const uriFor = (address: string, units: bigint) =>
	`ethereum:${getAddress(tokens.USDC)}@84532/transfer?address=${getAddress(address)}&uint256=${units}`;

const text = (page: Page, testId: string) => page.getByTestId(testId).innerText();

/** The payer chooses base USDC; returns the address the page now presents (the newest intent's). */
async function chooseUsdc(page: Page): Promise<string> {
	await page.getByRole('button', { name: /USDC/ }).click();
	await page.getByTestId('qr').waitFor();
	const newest = (await api('/v1/payment_intents?limit=1')).json.data[0];
	expect(await text(page, 'address')).toBe(getAddress(newest.one_time_address));
	return newest.one_time_address;
}

describe('the payment request page', () => {
	it('is paid in two parts: paid and remaining follow, with a new QR for the rest', async () => {
		const request = await openRequest();
		expect(request.url).toBe(`${kassa.url}/pay/${request.id}`);

		// As the checkout page: never cached, and nothing of the merchant beyond the branding snapshot.
		const response = await fetch(request.url!);
		expect(response.status).toBe(200);
		expect(response.headers.get('cache-control')).toBe('no-store');
		expect(response.headers.get('x-frame-options')).toBe('DENY');
		const html = await response.text();
		expect(html).not.toMatch(/acct_|sk_test_|xpub/);

		const page = await newShopperPage(browser);
		await page.goto(request.url!);
		expect(await page.getByTestId('test-banner').isVisible()).toBe(true);
		expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(
			request.branding!.display_name
		);
		expect(await text(page, 'total')).toBe('$10.00');
		expect(await text(page, 'paid')).toBe('$0.00');
		expect(await text(page, 'remaining')).toBe('$10.00');
		expect(await inspect(page, 'request-choose')).toEqual([]);

		const address = await chooseUsdc(page);
		expect(await readQr(page)).toBe(uriFor(address, 10_000_000n));
		expect(await page.getByTestId('open-wallet').getAttribute('href')).toBe(
			uriFor(address, 10_000_000n)
		);
		expect(await text(page, 'amount')).toMatch(/^10\.00\s+USDC$/);
		expect(await text(page, 'status')).toBe('Waiting for your payment.');

		await pay(address, 4_000_000n);
		await expect.poll(() => text(page, 'paid'), { timeout: 30_000 }).toBe('$4.00');
		expect(await text(page, 'remaining')).toBe('$6.00');
		await expect
			.poll(() => text(page, 'status'), { timeout: 30_000 })
			.toBe('Received 4.00 USDC. Please send the remaining 6.00 USDC.');
		await page.getByTestId('qr').waitFor();
		expect(await readQr(page)).toBe(uriFor(address, 6_000_000n));
		expect(await text(page, 'amount')).toMatch(/^6\.00\s+USDC$/);
		expect((await api(`/api/v1/payment_requests/${request.id}`)).json).toMatchObject({
			status: 'open',
			amount_paid: '4.00',
			amount_due: '6.00'
		});
		expect(await inspect(page, 'request-partial')).toEqual([]);

		await pay(address, 6_000_000n);
		await page.getByRole('heading', { name: 'This request is paid' }).waitFor({ timeout: 30_000 });
		expect(await text(page, 'paid')).toBe('$10.00');
		expect(await page.getByTestId('qr').count()).toBe(0);
		expect((await api(`/api/v1/payment_requests/${request.id}`)).json).toMatchObject({
			status: 'paid',
			amount_paid: '10.00',
			amount_due: '0.00'
		});
		expect(await inspect(page, 'request-paid')).toEqual([]);
		await page.context().close();
	});

	it('"simulate payment" pays what is due from a development account', async () => {
		const request = await openRequest();
		const page = await newShopperPage(browser);
		await page.goto(request.url!);
		await chooseUsdc(page);
		await page.getByRole('button', { name: 'Simulate payment' }).click();
		await page.getByRole('heading', { name: 'This request is paid' }).waitFor({ timeout: 30_000 });
		expect((await api(`/api/v1/payment_requests/${request.id}`)).json.status).toBe('paid');
		await page.context().close();
	});

	it('says canceled, live, once the merchant cancels it', async () => {
		const request = await openRequest();
		const page = await newShopperPage(browser);
		await page.goto(request.url!);
		await chooseUsdc(page);
		expect((await api(`/api/v1/payment_requests/${request.id}/cancel`, {})).status).toBe(200);
		await page
			.getByRole('heading', { name: 'This payment request was canceled' })
			.waitFor({ timeout: 20_000 });
		expect(await page.getByRole('button', { name: /USDC/ }).count()).toBe(0);
		expect(await page.getByTestId('qr').count()).toBe(0);
		await page.reload();
		expect(await page.getByTestId('outcome').innerText()).toBe('This payment request was canceled');
		expect(await inspect(page, 'request-canceled')).toEqual([]);
		await page.context().close();
	});

	it('answers 404 for drafts and unknown ids, and 403 to an action without the csrf token', async () => {
		const draft = await openRequest(true);
		for (const id of [draft.id, 'pr_doesNotExist000000000', 'chk_test_nope']) {
			const response = await fetch(`${kassa.url}/pay/${id}`);
			expect(response.status).toBe(404);
			expect(await response.text()).toContain('Payment request not found');
		}
		const open = await openRequest();
		const intents = async () => (await api('/v1/payment_intents?limit=100')).json.data.length;
		const before = await intents();
		const forged = await fetch(`${open.url}?/select`, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin: kassa.url },
			body: new URLSearchParams({ token: 'base:USDC', csrf_token: 'forged' })
		});
		expect(forged.status).toBe(403);
		expect(await intents()).toBe(before);
	});

	it('speaks the language asked for, and remembers it on later visits', async () => {
		const request = await openRequest();
		const page = await newShopperPage(browser);
		await page.goto(request.url!);
		await page.getByRole('link', { name: 'Deutsch' }).click();
		await page.getByRole('heading', { name: 'Zahlungsaufforderung' }).waitFor();
		expect(await page.locator('html').getAttribute('lang')).toBe('de');
		await page.goto(request.url!);
		expect(await page.getByRole('heading', { level: 2 }).first().innerText()).toBe(
			'Zahlungsaufforderung'
		);
		expect(await text(page, 'remaining')).toMatch(/^10,00\s\$$/);
		await page.context().close();
	});
});
