import { describe, expect, it } from 'vitest';
import { nextIntentStatus, type IntentFacts } from './nextIntentStatus';

const base: IntentFacts = {
	status: 'requires_payment_method',
	amount: 20_000_000n,
	tolerancePpm: 0,
	pending: 0n,
	confirmed: 0n,
	final: 0n,
	expired: false,
	graceOver: false,
	cancelRequested: false
};
const next = (f: Partial<IntentFacts>) => nextIntentStatus({ ...base, ...f });

describe('nextIntentStatus', () => {
	it('walks an exact payment through every state', () => {
		expect(next({})).toBe('requires_payment_method');
		expect(next({ pending: 20_000_000n })).toBe('requires_confirmation');
		expect(next({ confirmed: 20_000_000n })).toBe('confirmed');
		expect(next({ confirmed: 20_000_000n, final: 20_000_000n })).toBe('succeeded');
	});

	it('asks for the rest after an underpayment and fails after the grace period', () => {
		expect(next({ confirmed: 5_000_000n })).toBe('requires_additional_payment');
		expect(next({ confirmed: 5_000_000n, pending: 15_000_000n })).toBe('requires_confirmation');
		expect(next({ confirmed: 5_000_000n, expired: true })).toBe('requires_additional_payment');
		expect(next({ confirmed: 5_000_000n, expired: true, graceOver: true })).toBe('failed');
	});

	it('succeeds on overpayment and within the tolerance', () => {
		expect(next({ confirmed: 25_000_000n, final: 25_000_000n })).toBe('succeeded');
		expect(next({ confirmed: 19_990_000n, tolerancePpm: 500 })).toBe('confirmed');
		expect(next({ confirmed: 19_980_000n, tolerancePpm: 500 })).toBe('requires_additional_payment');
	});

	it('cancels on expiry or the shopper’s cancel with nothing received, waits for funds in flight', () => {
		expect(next({ expired: true })).toBe('cancelled');
		expect(next({ cancelRequested: true })).toBe('cancelled');
		expect(next({ expired: true, pending: 1n })).toBe('requires_confirmation');
	});

	it('falls back when a reorganisation removes funds, and never leaves a final state', () => {
		expect(next({ status: 'confirmed', confirmed: 0n, pending: 0n })).toBe(
			'requires_payment_method'
		);
		expect(next({ status: 'confirmed', confirmed: 0n, pending: 20_000_000n })).toBe(
			'requires_confirmation'
		);
		for (const status of ['succeeded', 'cancelled', 'failed'] as const) {
			expect(next({ status, pending: 1n, confirmed: 0n })).toBe(status);
		}
	});
});
