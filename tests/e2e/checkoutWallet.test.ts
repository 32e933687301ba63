import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspect, launchBrowser, newShopperPage } from '../support/browser';
import {
	BASE_SEPOLIA,
	createSession,
	startCheckoutStack,
	type CheckoutStack
} from '../support/checkoutStack';
import { injectTestWallet, type TestWalletOptions } from '../support/testWallet';

/** The browser-wallet path: an injected EIP-1193 provider, found by EIP-6963, driven through wagmi. */
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

async function walletPage(options: Partial<TestWalletOptions> = {}) {
	const session = await createSession(stack, '12.34');
	const page = await newShopperPage(browser);
	const wallet = await injectTestWallet(page, {
		rpcUrl: stack.anvilUrl,
		chainId: BASE_SEPOLIA,
		...options
	});
	const scripts: string[] = [];
	page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
	await page.goto(session.url);
	await page.getByRole('button', { name: /USDC/ }).click();
	await page.getByTestId('qr').waitFor();
	return { page, wallet, session, scripts };
}

const walletStatus = (page: Page, text: string) =>
	page.getByTestId('wallet-status').getByText(text).waitFor({ timeout: 20_000 });

describe('pay with a browser wallet', () => {
	it('loads the wallet code on demand, explains a rejection, then pays and lands on success_url', async () => {
		const { page, wallet, session, scripts } = await walletPage({ rejectTransactions: 1 });
		const before = scripts.length;
		await page.getByRole('button', { name: 'Pay with browser wallet' }).click();
		await walletStatus(page, 'You declined the request in your wallet. Nothing was sent.');
		expect(scripts.length).toBeGreaterThan(before);
		expect(wallet.calls).toContain('wallet_switchEthereumChain');
		expect(await inspect(page, 'wallet-rejected')).toEqual([]);

		await page.getByRole('button', { name: 'Pay with browser wallet' }).click();
		await page.waitForURL(`https://shop.example/success?session=${session.id}`, {
			timeout: 30_000
		});
		expect(wallet.calls.filter((c) => c === 'eth_sendTransaction')).toHaveLength(2);
		const { json } = await stack.api(`/api/v1/checkout_sessions/${session.id}`);
		const intent = await stack.api(`/v1/payment_intents/${json.payment_intent_id}`);
		expect(intent.json).toMatchObject({ amount_received: '12.34' });
		expect(intent.json.transfers[0].from.toLowerCase()).toBe(wallet.address.toLowerCase());
	});

	it('says so in plain words when the wallet cannot switch to the right network', async () => {
		const { page, wallet } = await walletPage({ refuseSwitch: true });
		await page.getByRole('button', { name: 'Pay with browser wallet' }).click();
		await walletStatus(
			page,
			'Your wallet is on a different network. Switch it to Base Sepolia (local test chain) and try again.'
		);
		expect(wallet.calls).not.toContain('eth_sendTransaction');
	});
});
