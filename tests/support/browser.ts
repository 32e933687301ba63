import AxeBuilder from '@axe-core/playwright';
import jsQR from 'jsqr';
import { mkdir, writeFile } from 'node:fs/promises';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { PNG } from 'pngjs';

export const SCREENSHOTS = 'test-results/screenshots';

/** Debian's headless Chromium with the flags these machines need. */
export function launchBrowser(): Promise<Browser> {
	return chromium.launch({
		executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
		args: [
			'--no-sandbox',
			'--disable-gpu',
			'--disable-quic',
			'--no-first-run',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync'
		]
	});
}

/** A phone-sized page whose merchant site (shop.example) is answered locally. */
export async function newShopperPage(browser: Browser, options: BrowserContextOptions = {}) {
	const context = await browser.newContext({
		viewport: { width: 360, height: 800 },
		locale: 'en-US',
		...options
	});
	await context.route('https://shop.example/**', (route) =>
		route.fulfill({
			contentType: 'text/html',
			body: '<!doctype html><html lang="en"><title>Shop</title><h1>Back at the shop</h1></html>'
		})
	);
	return context.newPage();
}

/** What the QR code on the page says, read from a screenshot as a phone camera would. */
export async function readQr(page: Page): Promise<string | null> {
	// A few tries: hydration adds buttons above the code, which can move it mid-capture.
	for (let attempt = 0; attempt < 5; attempt++) {
		const png = PNG.sync.read(await page.getByTestId('qr').screenshot());
		const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
		if (code) return code.data;
		await page.waitForTimeout(300);
	}
	return null;
}

/** axe-core's WCAG 2.x A/AA rules on the page as it is now; the violations, summarised. */
export async function axeViolations(page: Page): Promise<string[]> {
	const result = await new AxeBuilder({ page })
		.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
		.analyze();
	return result.violations.map(
		(v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`
	);
}

/** Full-page screenshots at 360 and 1280 px, light and dark, as test artifacts. */
export async function screenshots(page: Page, name: string): Promise<void> {
	await mkdir(SCREENSHOTS, { recursive: true });
	const viewport = page.viewportSize();
	for (const width of [360, 1280]) {
		for (const colorScheme of ['light', 'dark'] as const) {
			await page.setViewportSize({ width, height: 800 });
			await page.emulateMedia({ colorScheme });
			await writeFile(
				`${SCREENSHOTS}/${name}-${width}-${colorScheme}.png`,
				await page.screenshot({ fullPage: true, animations: 'disabled' })
			);
		}
	}
	await page.emulateMedia({ colorScheme: 'light' });
	if (viewport) await page.setViewportSize(viewport);
}

/** Accessibility in both colour schemes (contrast differs), then the screenshots. */
export async function inspect(page: Page, name: string): Promise<string[]> {
	const problems: string[] = [];
	for (const colorScheme of ['light', 'dark'] as const) {
		await page.emulateMedia({ colorScheme });
		problems.push(...(await axeViolations(page)).map((v) => `${colorScheme}: ${v}`));
	}
	await screenshots(page, name);
	return problems;
}

/**
 * `inspect` for a state reached without JavaScript: the same URL in a page whose scripts all fail
 * to load, so nothing hydrates (axe itself needs script, which a JavaScript-disabled page lacks).
 */
export async function inspectWithoutScripts(browser: Browser, url: string, name: string) {
	const page = await newShopperPage(browser);
	await page.route('**/_app/immutable/**/*.js', (route) => route.abort());
	await page.goto(url);
	try {
		return await inspect(page, name);
	} finally {
		await page.context().close();
	}
}
