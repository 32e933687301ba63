import { describe, expect, it } from 'vitest';
import { findRate } from './findRate';
import { parseRateTable } from './parseRateTable';

const usdc = { currency: 'USDC', peg: 'USD' } as const;
const eurc = { currency: 'EURC', peg: 'EUR' } as const;

describe('rates', () => {
	it('keeps the pegs and adds the operator’s rates, token first, then peg', () => {
		const table = parseRateTable('GBP/USD=1.27, GBP/USDC=1.2701,chf/eurc=1.06');
		if (typeof table === 'string') throw new Error(table);
		expect(findRate('USD', usdc, table)?.text).toBe('1');
		expect(findRate('GBP', usdc, table)).toMatchObject({
			text: '1.2701',
			numerator: 12701n,
			denominator: 10000n
		});
		expect(findRate('GBP', { currency: 'USDT', peg: 'USD' }, table)?.text).toBe('1.27');
		expect(findRate('CHF', eurc, table)?.text).toBe('1.06');
		expect(findRate('JPY', usdc, table)).toBeNull();
		expect(findRate('EUR', usdc)).toBeNull();
	});

	it('refuses malformed entries with a clear reason', () => {
		expect(parseRateTable('GBP=1.2')).toMatch(/not FIAT\/TARGET=rate/);
		expect(parseRateTable('XYZ/USD=1')).toMatch(/unknown currency/);
		expect(parseRateTable('GBP/USD=0')).toMatch(/above zero/);
		expect(parseRateTable('GBP/USD=1e3')).toMatch(/not FIAT/);
		expect(parseRateTable(undefined)).toEqual(new Map());
	});
});
