import { describe, expect, it } from 'vitest';
import { formatMoney } from './formatMoney';

const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
	it('formats exact decimal text for the shopper’s language', () => {
		expect(formatMoney('1234.50', 'USD', 'en')).toBe('$1,234.50');
		expect(nbsp(formatMoney('1234.50', 'EUR', 'de'))).toBe('1.234,50 €');
		expect(nbsp(formatMoney('1234.50', 'EUR', 'fr'))).toBe('1 234,50 €');
		expect(formatMoney('1250', 'JPY', 'ja')).toBe('￥1,250');
	});

	it('never rounds: large amounts keep every digit', () => {
		expect(formatMoney('90071992547409.93', 'USD', 'en')).toBe('$90,071,992,547,409.93');
	});
});
