import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CHAIN_KEYS, NETWORKS } from '../../src/lib/server/chain/networks';
import { TOKEN_CURRENCIES, TOKEN_DEFINITIONS } from '../../src/lib/server/chain/tokens';

const staticFile = (path: string) =>
	readFile(new URL(`../../static${path}`, import.meta.url), 'utf8');

/** Well-formed enough to be drawn: one root <svg>, a <title>, every tag closed in order. */
function assertSvg(text: string, path: string) {
	expect(text.startsWith('<svg'), path).toBe(true);
	expect(text, path).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
	expect(text, path).toMatch(/<title>[^<]+<\/title>/);
	expect(text.trimEnd().endsWith('</svg>'), path).toBe(true);
	const open: string[] = [];
	for (const [, closing, name, selfClosing] of text.matchAll(/<(\/?)([a-zA-Z]+)[^>]*?(\/?)>/g)) {
		if (closing) expect(open.pop(), `${path}: </${name}>`).toBe(name);
		else if (!selfClosing) open.push(name!);
	}
	expect(open, path).toEqual([]);
	expect(Buffer.byteLength(text), path).toBeLessThan(1024);
}

describe('logos served from static/', () => {
	const chains = [...new Set([...CHAIN_KEYS, ...NETWORKS.map((n) => n.chain)])];
	const tokens = [...new Set([...TOKEN_CURRENCIES, ...Object.keys(TOKEN_DEFINITIONS)])].map((c) =>
		c.toLowerCase()
	);

	it.each(chains)('has /logos/chains/%s.svg', async (chain) => {
		const path = `/logos/chains/${chain}.svg`;
		assertSvg(await staticFile(path), path);
	});

	it.each(tokens)('has /logos/tokens/%s.svg', async (currency) => {
		const path = `/logos/tokens/${currency}.svg`;
		assertSvg(await staticFile(path), path);
	});

	it('has a favicon and keeps crawlers off the checkout pages', async () => {
		assertSvg(await staticFile('/favicon.svg'), '/favicon.svg');
		expect(await staticFile('/robots.txt')).toMatch(/User-agent: \*\nDisallow: \/checkout\n/);
	});
});
