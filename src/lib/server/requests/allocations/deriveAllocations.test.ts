import { describe, expect, it } from 'vitest';
import type { TransferState } from '../../db/tables/payments';
import { deriveAllocations, parseRatio, toFiat, type DeriveInput } from './deriveAllocations';

const ONE = { numerator: 1n, denominator: 1n };
const transfer = (id: string, amount: bigint, state: TransferState = 'confirmed', more = {}) => ({
	id,
	paymentIntentId: 'pay_a',
	chain: 'base',
	currency: 'USDC',
	decimals: 6,
	amount,
	state,
	applies: true,
	...more
});
const derive = (transfers: DeriveInput['transfers'], more: Partial<DeriveInput> = {}) =>
	deriveAllocations({
		status: 'open',
		amount: 3000n,
		digits: 2,
		transfers,
		intents: new Map([['pay_a', { chain: 'base', rate: ONE }]]),
		strayRate: () => ONE,
		...more
	});
const amounts = (r: ReturnType<typeof derive>) =>
	r.allocations.map((a) => [a.status, a.requested, a.received, a.applied, a.unapplied, a.reason]);

describe('deriveAllocations', () => {
	it('applies part, then the rest, each against what was still due', () => {
		const result = derive([transfer('t1', 10_000_000n), transfer('t2', 25_000_000n)]);
		expect(amounts(result)).toEqual([
			['applied', 3000n, 1000n, 1000n, 0n, null],
			['applied', 2000n, 2500n, 2000n, 500n, 'overpayment']
		]);
		expect(result.paid).toBe(3000n);
	});

	it('counts pending transfers as processing, not paid', () => {
		const result = derive([transfer('t1', 10_000_000n), transfer('t2', 20_000_000n, 'pending')]);
		expect(result.allocations.map((a) => a.status)).toEqual(['applied', 'processing']);
		expect([result.paid, result.processing]).toEqual([1000n, 2000n]);
	});

	it('leaves funds after a cancel, strays and orphaned transfers unapplied', () => {
		expect(amounts(derive([transfer('t1', 5_000_000n)], { status: 'canceled' }))).toEqual([
			['unapplied', 3000n, 500n, 0n, 500n, 'request_canceled']
		]);
		const strays = derive([
			transfer('t1', 1_000_000n, 'confirmed', { applies: false, currency: 'USDT' }),
			transfer('t2', 1_000_000n, 'confirmed', { applies: false, chain: 'ethereum' }),
			transfer('t3', 1_000_000n, 'orphaned')
		]);
		expect(strays.allocations.map((a) => [a.status, a.reason])).toEqual([
			['unapplied', 'wrong_token'],
			['unapplied', 'wrong_network'],
			['reverted', null]
		]);
		expect(strays.paid).toBe(0n);
	});

	it('loses no rounding dust across transfers to one address', () => {
		const result = derive([transfer('t1', 10_005_000n), transfer('t2', 19_995_000n)]);
		expect(result.allocations.map((a) => a.received)).toEqual([1000n, 2000n]);
		expect(result.paid).toBe(3000n);
	});

	it('converts token units at the locked rate, rounding down', () => {
		expect(parseRatio('1.27')).toEqual({ numerator: 127n, denominator: 100n });
		expect(toFiat(127_000_000n, 6, parseRatio('1.27'), 2)).toBe(10000n);
		expect(toFiat(1n, 6, ONE, 2)).toBe(0n);
	});
});
