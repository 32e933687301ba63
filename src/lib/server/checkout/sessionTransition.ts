import { KassaError } from '../errors';
import type { SessionRow } from './repo';

export type SessionStatus = SessionRow['status'];
export type SessionEvent = 'expire' | 'complete';

/** The checkout session state machine: open → complete | expired; nothing leaves a final state. */
export function sessionTransition(current: SessionStatus, event: SessionEvent): SessionStatus {
	if (current !== 'open') {
		throw new KassaError(
			'checkout_session_not_open',
			`This checkout session is ${current}; only open sessions can ${event === 'expire' ? 'be expired' : 'complete'}.`
		);
	}
	return event === 'expire' ? 'expired' : 'complete';
}
