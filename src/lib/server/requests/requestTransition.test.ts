import { describe, expect, it } from 'vitest';
import { KassaError } from '../errors';
import { requestTransition } from './requestTransition';

const code = (fn: () => unknown) => {
	try {
		fn();
	} catch (error) {
		return error instanceof KassaError ? error.code : error;
	}
	return 'ok';
};

describe('requestTransition', () => {
	it('walks draft → open → paid and cancels drafts and open requests', () => {
		expect(requestTransition('draft', 'edit')).toBe('draft');
		expect(requestTransition('draft', 'finalize')).toBe('open');
		expect(requestTransition('open', 'pay')).toBe('paid');
		expect(requestTransition('draft', 'cancel')).toBe('canceled');
		expect(requestTransition('open', 'cancel')).toBe('canceled');
	});

	it('refuses edits after finalization, and cancels of paid or canceled requests', () => {
		expect(code(() => requestTransition('open', 'edit'))).toBe('payment_request_not_editable');
		expect(code(() => requestTransition('open', 'finalize'))).toBe('payment_request_not_editable');
		expect(code(() => requestTransition('paid', 'cancel'))).toBe('payment_request_has_funds');
		expect(code(() => requestTransition('canceled', 'cancel'))).toBe(
			'payment_request_not_editable'
		);
		expect(code(() => requestTransition('canceled', 'pay'))).toBe('state_conflict');
	});
});
