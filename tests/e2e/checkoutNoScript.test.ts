import { getAddress } from 'viem';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectWithoutScripts, launchBrowser, newShopperPage, readQr } from '../support/browser';
import { createSession, startCheckoutStack, type CheckoutStack } from '../support/checkoutStack';

/** The page as plain HTTP and HTML: headers, errors, escaping, languages, and the flow without JavaScript. */
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

const get = (path: string, headers: Record<string, string> = {}) =>
	fetch(`${stack.base}${path}`, { headers, redirect: 'manual' });
const post = (path: string, form: Record<string, string>, accept = 'text/html') =>
	fetch(`${stack.base}${path}`, {
		method: 'POST',
		headers: { accept },
		body: new URLSearchParams(form),
		redirect: 'manual'
	});

describe('the page over HTTP', () => {
	it('answers unknown and malformed session ids with a clear 404 page, in the shopper’s language', async () => {
		for (const query of ['?session_id=chk_test_doesnotexist123', '?session_id=%3Cscript%3E', '']) {
			const res = await get(`/checkout${query}`);
			expect(res.status).toBe(404);
			const html = await res.text();
			expect(html).toContain('Checkout not found');
			expect(html).not.toMatch(/<script>|\n\s+at |Error:/);
		}
		const de = await get('/checkout?session_id=chk_test_nope', { 'accept-language': 'de-DE,de' });
		expect(await de.text()).toContain('Bezahlvorgang nicht gefunden');
	});

	it('sends CSP with nonces, frame-ancestors none, nosniff, no-referrer and no-store', async () => {
		const session = await createSession(stack);
		const res = await get(`/checkout?session_id=${session.id}`);
		expect(res.status).toBe(200);
		const csp = res.headers.get('content-security-policy') ?? '';
		expect(csp).toContain("frame-ancestors 'none'");
		expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'/);
		expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
		expect(res.headers.get('x-content-type-options')).toBe('nosniff');
		expect(res.headers.get('referrer-policy')).toBe('no-referrer');
		expect(res.headers.get('cache-control')).toBe('no-store');
	});

	it('escapes merchant text and carries nothing of the merchant but what the shopper sees', async () => {
		const session = await createSession(stack, '20.00', {
			line_items: [
				{
					unit_amount: '20.00',
					quantity: 2,
					product_data: { name: '<img src=x onerror=alert(1)>', description: '"quoted" & <i>' }
				}
			],
			metadata: { internal: 'meta-secret-123' },
			client_reference_id: 'ref-secret-456',
			customer_email: 'shopper@example.com'
		});
		expect(
			(await stack.api(`/api/v1/checkout_sessions/${session.id}`)).json.accessed_at
		).toBeNull();
		const html = await (await get(`/checkout?session_id=${session.id}`)).text();
		expect(html).toContain('&lt;img src=x onerror=alert(1)>');
		expect(html).not.toContain('<img src=x');
		expect(html).not.toContain('<i>');
		for (const secret of ['meta-secret-123', 'ref-secret-456', 'shopper@example.com', stack.key])
			expect(html).not.toContain(secret);
		expect(html).not.toMatch(/acct_[0-9A-Za-z]{8}/);
		const first = (await stack.api(`/api/v1/checkout_sessions/${session.id}`)).json.accessed_at;
		expect(first).toMatch(/^\d{4}-\d\d-\d\dT/);
		await get(`/checkout?session_id=${session.id}`);
		expect((await stack.api(`/api/v1/checkout_sessions/${session.id}`)).json.accessed_at).toBe(
			first
		);
	});

	it('refuses every page action without the session’s csrf token with 403', async () => {
		const session = await createSession(stack);
		for (const action of ['select', 'cancel', 'simulate', 'check']) {
			for (const csrf of [
				undefined,
				'wrong',
				`${session.csrf_token.slice(0, -1)}${session.csrf_token.endsWith('0') ? '1' : '0'}`
			]) {
				const form: Record<string, string> = { token: 'base:USDC' };
				if (csrf) form.csrf_token = csrf;
				const path = `/checkout?/${action}&session_id=${session.id}`;
				const res = await post(path, form);
				expect(res.status, `${action} with ${csrf}`).toBe(403);
				expect(await res.text()).toContain('This page is out of date');
				expect((await post(path, form, '*/*')).status, `${action} by fetch`).toBe(403);
			}
		}
		const { json } = await stack.api(`/api/v1/checkout_sessions/${session.id}`);
		expect(json).toMatchObject({ status: 'open', payment_intent_id: null });
	});

	it('speaks the Accept-Language, and the switcher’s choice sticks', async () => {
		const session = await createSession(stack);
		const path = `/checkout?session_id=${session.id}`;
		const ja = await (await get(path, { 'accept-language': 'ja-JP,ja;q=0.9,en;q=0.5' })).text();
		expect(ja).toContain('お支払い方法を選択');
		expect(ja).toContain('$20.00');
		const fr = await get(`${path}&lang=fr`, { 'accept-language': 'de' });
		const cookie = fr.headers.get('set-cookie') ?? '';
		expect(cookie).toMatch(/^kassa_lang=fr;/);
		expect(await fr.text()).toContain('20,00');
		const again = await get(path, { 'accept-language': 'de', cookie: cookie.split(';')[0]! });
		expect(await again.text()).toContain('Choisissez comment payer');
	});

	it('names the language in <html lang>', async () => {
		const session = await createSession(stack);
		const path = `/checkout?session_id=${session.id}`;
		expect(await (await get(path, { 'accept-language': 'pt-BR' })).text()).toMatch(
			/<html lang="pt">/
		);
		expect(await (await get(`/checkout?session_id=x`)).text()).toMatch(/<html lang="en">/);
	});
});

describe('the whole flow with JavaScript disabled', () => {
	const check = (page: Page, timeout?: number) =>
		page.getByRole('button', { name: 'Check payment status' }).click({ timeout });

	it('token by form post, QR as inline SVG, "check status" until success_url', async () => {
		const session = await createSession(stack, '7.25');
		const page = await newShopperPage(browser, { javaScriptEnabled: false });
		await page.goto(session.url);
		await page.getByRole('button', { name: /USDC/ }).click();
		await page.getByTestId('qr').waitFor();
		const { json } = await stack.api(`/api/v1/checkout_sessions/${session.id}`);
		const address = (await stack.api(`/v1/payment_intents/${json.payment_intent_id}`)).json
			.one_time_address;
		expect(await readQr(page)).toBe(
			`ethereum:${getAddress(stack.tokens.USDC)}@84532/transfer?address=${getAddress(address)}&uint256=7250000`
		);
		expect(await inspectWithoutScripts(browser, page.url(), 'nojs-payment')).toEqual([]);
		await stack.pay(address, 7_250_000n, { hold: true });
		await expect
			.poll(async () => (await check(page), page.getByTestId('status').innerText()), {
				timeout: 20_000,
				interval: 500
			})
			.toMatch(/Payment detected/);
		expect(await inspectWithoutScripts(browser, page.url(), 'nojs-detected')).toEqual([]);
		await stack.setMining(1);
		// Pressing "check" until the page, once paid, sends the shopper on (a meta refresh).
		const success = `https://shop.example/success?session=${session.id}`;
		await expect
			.poll(
				async () => {
					if (page.url() !== success) await check(page, 2_000).catch(() => undefined);
					return page.url();
				},
				{ timeout: 30_000, interval: 1_000 }
			)
			.toBe(success);
	});

	it('simulates a payment by form post and shows the success state', async () => {
		const session = await createSession(stack, '1.00');
		const page = await newShopperPage(browser, { javaScriptEnabled: false });
		await page.goto(session.url);
		await page.getByRole('button', { name: /USDC/ }).click();
		await page.getByRole('button', { name: 'Simulate payment' }).click();
		await expect
			.poll(
				async () => (
					await page.goto(session.url),
					page.getByRole('heading', { level: 2 }).last().innerText()
				),
				{
					timeout: 20_000,
					interval: 1_000
				}
			)
			.toBe('Payment received');
		expect(await page.getByRole('link', { name: /Continue to/ }).getAttribute('href')).toBe(
			`https://shop.example/success?session=${session.id}`
		);
		expect(await inspectWithoutScripts(browser, page.url(), 'success')).toEqual([]);
	});

	it('cancels by form post and leaves for cancel_url', async () => {
		const session = await createSession(stack);
		const page = await newShopperPage(browser, { javaScriptEnabled: false });
		await page.goto(session.url);
		await page.getByRole('button', { name: /Cancel and return/ }).click();
		await page.waitForURL('https://shop.example/cancel');
		expect((await stack.api(`/api/v1/checkout_sessions/${session.id}`)).json.status).toBe(
			'expired'
		);
	});
});
