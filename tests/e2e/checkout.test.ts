import { getAddress } from 'viem';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspect, launchBrowser, newShopperPage, readQr } from '../support/browser';
import { createSession, startCheckoutStack, type CheckoutStack } from '../support/checkoutStack';

/** The hosted checkout in real headless Chromium, with JavaScript, against the built app and anvil. */
let stack: CheckoutStack;
let browser: Browser;
beforeAll(async () => {
	stack = await startCheckoutStack();
	browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
	await browser?.close();
	await stack?.stop();
});

const uriFor = (address: string, units: bigint) =>
	`ethereum:${getAddress(stack.tokens.USDC)}@84532/transfer?address=${getAddress(address)}&uint256=${units}`;

/** Opens a new session's page and chooses base USDC; returns the page and the intent's address. */
async function choose(amount = '20.00'): Promise<{ page: Page; id: string; address: string }> {
	const session = await createSession(stack, amount);
	const page = await newShopperPage(browser);
	await page.goto(session.url);
	await page.getByRole('button', { name: /USDC/ }).click();
	await page.getByTestId('qr').waitFor();
	const { json } = await stack.api(`/api/v1/checkout_sessions/${session.id}`);
	const intent = await stack.api(`/v1/payment_intents/${json.payment_intent_id}`);
	return { page, id: session.id, address: intent.json.one_time_address };
}

const status = (page: Page) => page.getByTestId('status');

describe('checkout with JavaScript', () => {
	it('choose a token → the QR says the EIP-681 URI → a payment shows progress → success_url', async () => {
		const session = await createSession(stack);
		const page = await newShopperPage(browser);
		await page.goto(session.url);
		expect(await page.getByTestId('test-banner').isVisible()).toBe(true);
		expect(await inspect(page, 'tokens')).toEqual([]);
		await page.getByRole('button', { name: /USDC/ }).click();
		await page.getByTestId('qr').waitFor();
		const { json } = await stack.api(`/api/v1/checkout_sessions/${session.id}`);
		const intent = (await stack.api(`/v1/payment_intents/${json.payment_intent_id}`)).json;
		const uri = uriFor(intent.one_time_address, 20_000_000n);
		expect(await readQr(page)).toBe(uri);
		expect(await page.getByTestId('open-wallet').getAttribute('href')).toBe(uri);
		expect(await page.getByTestId('amount').innerText()).toMatch(/^20\.00\s+USDC$/);
		expect(await page.getByTestId('address').innerText()).toBe(getAddress(intent.one_time_address));
		expect(await page.getByTestId('network').innerText()).toBe('Base Sepolia (local test chain)');
		expect(await status(page).innerText()).toBe('Waiting for your payment.');
		expect(await inspect(page, 'payment')).toEqual([]);

		const hash = await stack.pay(intent.one_time_address, 20_000_000n, { hold: true });
		await page.waitForFunction(
			() =>
				/Payment detected/.test(document.querySelector('[data-testid=status]')?.textContent ?? ''),
			undefined,
			{ timeout: 15_000 }
		);
		expect(await status(page).innerText()).toMatch(/Payment detected: [01] of 2 confirmations\./);
		expect(await page.getByTestId('tx-hash').getAttribute('title')).toBe(hash);
		expect(await inspect(page, 'detected')).toEqual([]);
		await stack.setMining(1);
		await page.waitForURL(`https://shop.example/success?session=${session.id}`, {
			timeout: 30_000
		});
	});

	it('an underpayment shows the rest due with a new QR, and completes after a second payment', async () => {
		const { page, id, address } = await choose('20.00');
		await stack.pay(address, 15_000_000n);
		await expect
			.poll(() => status(page).innerText(), { timeout: 30_000 })
			.toBe('Received 15.00 USDC. Please send the remaining 5.00 USDC.');
		await page.getByTestId('qr').waitFor();
		expect(await readQr(page)).toBe(uriFor(address, 5_000_000n));
		expect(await page.getByTestId('amount').innerText()).toMatch(/^5\.00\s+USDC$/);
		expect(await inspect(page, 'partial')).toEqual([]);
		await stack.pay(address, 5_000_000n);
		await page.waitForURL(`https://shop.example/success?session=${id}`, { timeout: 30_000 });
	});

	it('"simulate payment" sends the amount due from a development account', async () => {
		const { page, id } = await choose('3.50');
		await page.getByRole('button', { name: 'Simulate payment' }).click();
		await page.waitForURL(`https://shop.example/success?session=${id}`, { timeout: 30_000 });
	});

	it('"cancel and return" cancels the intent and lands on cancel_url', async () => {
		const { page, id } = await choose();
		await page.getByRole('button', { name: /Cancel and return/ }).click();
		await page.waitForURL('https://shop.example/cancel');
		const { json } = await stack.api(`/api/v1/checkout_sessions/${id}`);
		expect(json.status).toBe('expired');
		const intent = await stack.api(`/v1/payment_intents/${json.payment_intent_id}`);
		expect(intent.json.status).toBe('cancelled');
	});

	it('shows the expired state, live, with the way back', async () => {
		const { page, id } = await choose();
		expect((await stack.api(`/api/v1/checkout_sessions/${id}/expire`, {})).status).toBe(200);
		await page
			.getByRole('heading', { name: 'This checkout has expired' })
			.waitFor({ timeout: 20_000 });
		const back = page.getByRole('link', { name: /Return to/ });
		expect(await back.getAttribute('href')).toBe('https://shop.example/cancel');
		expect(await inspect(page, 'expired')).toEqual([]);
	});

	it('lets the shopper go back and choose another token until funds arrive', async () => {
		const { page, address } = await choose();
		await page.getByRole('link', { name: 'Choose another token' }).click();
		await page.getByRole('button', { name: /USDC/ }).click();
		await page.getByTestId('qr').waitFor();
		expect(await readQr(page)).toBe(uriFor(address, 20_000_000n));
	});
});
