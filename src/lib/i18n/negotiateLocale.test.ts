import { describe, expect, it } from 'vitest';
import { negotiateLocale } from './negotiateLocale';

describe('negotiateLocale', () => {
	it('prefers ?lang=, then the cookie, then Accept-Language', () => {
		expect(negotiateLocale('fr', 'de', 'ja')).toBe('fr');
		expect(negotiateLocale(null, 'de', 'ja')).toBe('de');
		expect(negotiateLocale('xx', 'zz', 'ja-JP,ja;q=0.9')).toBe('ja');
	});

	it('ranks Accept-Language by q and skips unsupported languages', () => {
		expect(negotiateLocale(null, undefined, 'nl-NL, pt-BR;q=0.8, de;q=0.9')).toBe('de');
		expect(negotiateLocale(null, undefined, 'es;q=0, fr;q=0.1')).toBe('fr');
		expect(negotiateLocale(null, undefined, 'PT-br')).toBe('pt');
	});

	it('falls back to English', () => {
		expect(negotiateLocale(null, undefined, null)).toBe('en');
		expect(negotiateLocale(null, undefined, '*')).toBe('en');
		expect(negotiateLocale(null, undefined, 'zh-CN,ko;q=0.5')).toBe('en');
	});
});
