import { describe, expect, it } from 'vitest';
import { formatDecimal, formatTokenAmount, mulDivHalfUp, mulDivUp, parseDecimal } from './decimal';

describe('parseDecimal', () => {
	it('parses exact minor units', () => {
		expect(parseDecimal('12.5', 2)).toBe(1250n);
		expect(parseDecimal('0.01', 2)).toBe(1n);
		expect(parseDecimal('1250', 0)).toBe(1250n);
		expect(parseDecimal('20', 6)).toBe(20_000_000n);
	});

	it('refuses what is not a plain non-negative decimal', () => {
		for (const bad of ['', '-1', '+1', '1e3', '01', '1.', '.5', ' 1', '1,5', 'NaN', '0x10']) {
			expect(parseDecimal(bad, 2), bad).toBe('not_a_decimal');
		}
		expect(parseDecimal('1.001', 2)).toBe('too_many_decimals');
		expect(parseDecimal('1.5', 0)).toBe('too_many_decimals');
		expect(parseDecimal('9'.repeat(40), 2)).toBe('too_large');
	});
});

describe('formatting', () => {
	it('formats fiat with exactly the minor digits', () => {
		expect(formatDecimal(1250n, 2)).toBe('12.50');
		expect(formatDecimal(5n, 2)).toBe('0.05');
		expect(formatDecimal(1250n, 0)).toBe('1250');
		expect(formatDecimal(1n, 3)).toBe('0.001');
	});

	it('formats token amounts with two decimals at least and no trailing zeros beyond', () => {
		expect(formatTokenAmount(20_000_000n, 6)).toBe('20.00');
		expect(formatTokenAmount(12_500_000n, 6)).toBe('12.50');
		expect(formatTokenAmount(1n, 6)).toBe('0.000001');
		expect(formatTokenAmount(1_230_000_000_000_000_000n, 18)).toBe('1.23');
		expect(formatTokenAmount(7n, 0)).toBe('7.00');
	});

	it('rounds as asked', () => {
		expect(mulDivHalfUp(1005n, 10n, 100n)).toBe(101n);
		expect(mulDivHalfUp(1004n, 10n, 100n)).toBe(100n);
		expect(mulDivUp(1001n, 1n, 10n)).toBe(101n);
		expect(mulDivUp(1000n, 1n, 10n)).toBe(100n);
	});
});
