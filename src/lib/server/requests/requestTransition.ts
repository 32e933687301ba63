import type { PaymentRequestStatus } from '../db/tables/requests';
import { KassaError } from '../errors';

export type RequestEvent = 'edit' | 'finalize' | 'cancel' | 'pay';

/**
 * The payment request state machine (decisions §5): draft → open → paid; draft or open → canceled.
 * Only drafts are edited; an open request is corrected by a replacement, never mutated.
 */
export function requestTransition(
	current: PaymentRequestStatus,
	event: RequestEvent
): PaymentRequestStatus {
	if (event === 'edit' && current === 'draft') return 'draft';
	if (event === 'finalize' && current === 'draft') return 'open';
	if (event === 'cancel' && (current === 'draft' || current === 'open')) return 'canceled';
	if (event === 'pay' && current === 'open') return 'paid';
	if (event === 'cancel' && current === 'paid') {
		throw new KassaError(
			'payment_request_has_funds',
			'This payment request is paid; it can no longer be canceled.'
		);
	}
	if (event === 'pay')
		throw new KassaError('state_conflict', `A ${current} request cannot be paid.`);
	throw new KassaError('payment_request_not_editable', MESSAGES[event](current));
}

const MESSAGES: Record<Exclude<RequestEvent, 'pay'>, (status: string) => string> = {
	edit: (status) =>
		`This payment request is ${status}; only drafts can be edited. Create a new request that \`replaces\` it instead.`,
	finalize: (status) => `This payment request is ${status}; only drafts can be finalized.`,
	cancel: (status) => `This payment request is already ${status}.`
};
