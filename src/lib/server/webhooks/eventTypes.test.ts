import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, isEventType, subscribesTo } from './eventTypes';

describe('event catalogue', () => {
	it('holds a state event for every payment intent state and no duplicates', () => {
		for (const state of [
			'requires_payment_method',
			'requires_confirmation',
			'requires_additional_payment',
			'confirmed',
			'succeeded',
			'cancelled',
			'failed'
		]) {
			expect(EVENT_TYPES).toContain(`payment_intent.${state}`);
		}
		expect(new Set(EVENT_TYPES).size).toBe(EVENT_TYPES.length);
		expect(EVENT_TYPES).toHaveLength(15);
	});

	it('knows its own types only', () => {
		expect(isEventType('payment_request.paid')).toBe(true);
		expect(isEventType('payment_request.cancelled')).toBe(false);
		expect(isEventType('*')).toBe(false);
	});

	it('subscribes an empty list and `*` to everything, a list to its members only', () => {
		expect(subscribesTo([], 'checkout_session.expired')).toBe(true);
		expect(subscribesTo(['*'], 'checkout_session.expired')).toBe(true);
		expect(subscribesTo(['payment_intent.succeeded'], 'payment_intent.succeeded')).toBe(true);
		expect(subscribesTo(['payment_intent.succeeded'], 'payment_intent.confirmed')).toBe(false);
	});
});
