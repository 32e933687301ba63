import { fill } from '$lib/i18n/fill';
import type { Messages } from '$lib/i18n/messages/en';
import type { StatusBody } from './types';

/** The sentence the live region announces for a status. */
export function statusMessage(m: Messages, status: StatusBody): string {
	const token = status.currency;
	switch (status.status) {
		case 'requires_payment_method':
			return m.statusWaiting;
		case 'requires_confirmation':
			return fill(m.statusDetected, {
				x: Math.min(status.confirmations, status.required_confirmations),
				n: status.required_confirmations
			});
		case 'requires_additional_payment':
			return fill(m.statusPartial, {
				received: status.amount_received,
				due: status.amount_due,
				token
			});
		case 'confirmed':
		case 'succeeded':
			return m.statusConfirmed;
		default:
			return m.statusExpired;
	}
}

/** What the page should show for the latest status: paid, over, or still paying. */
export function pageState(status: StatusBody): 'complete' | 'expired' | 'open' {
	if (status.checkout_session_status === 'complete') return 'complete';
	if (status.status === 'confirmed' || status.status === 'succeeded') return 'complete';
	if (status.checkout_session_status === 'expired') return 'expired';
	if (status.status === 'cancelled' || status.status === 'failed') return 'expired';
	return 'open';
}
