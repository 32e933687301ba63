import type { Principal } from '../accounts/accounts';
import type { Queryable } from '../db/openDatabase';
import { KassaError, notFound } from '../errors';
import { findRequest } from './repo';

/** A minute of clock skew: a due date "now" from the merchant's clock is still accepted. */
const SKEW_MS = 60_000;

/** Checks what a draft's create or update names: a future `due_at`, an open request it `replaces`. */
export async function checkDraftLinks(
	db: Queryable,
	principal: Principal,
	input: { due_at?: Date | null; replaces?: string | null },
	selfId?: string
): Promise<void> {
	if (input.due_at && input.due_at.getTime() < Date.now() - SKEW_MS) {
		throw new KassaError('parameter_invalid', 'due_at must be in the future.', {
			param: 'due_at'
		});
	}
	if (!input.replaces) return;
	if (input.replaces === selfId) {
		throw new KassaError('parameter_invalid', 'A request cannot replace itself.', {
			param: 'replaces'
		});
	}
	const original = await findRequest(db, principal, input.replaces);
	if (!original) throw notFound('payment request', input.replaces, 'replaces');
	if (original.status !== 'open') {
		throw new KassaError(
			'parameter_invalid',
			`Only an open request can be replaced; ${original.id} is ${original.status}.`,
			{ param: 'replaces' }
		);
	}
}
