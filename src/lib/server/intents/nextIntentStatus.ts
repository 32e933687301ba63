import type { IntentStatus } from '../db/tables/payments';

export interface IntentFacts {
	status: IntentStatus;
	amount: bigint;
	/** Shortfall still counted as paid, in millionths of the amount (the account's tolerance). */
	tolerancePpm: number;
	/** Paying transfers seen but short of the required confirmations. */
	pending: bigint;
	/** Paying transfers at the required depth (final ones included). */
	confirmed: bigint;
	/** Paying transfers in final blocks. */
	final: bigint;
	/** The chain has a block stamped at or after the intent's expiry. */
	expired: boolean;
	/** … and 30 minutes after it. */
	graceOver: boolean;
	cancelRequested: boolean;
}

export const FINAL_STATUSES: ReadonlySet<IntentStatus> = new Set([
	'succeeded',
	'cancelled',
	'failed'
]);

/**
 * The one transition function of the payment intent state machine (decisions §3.4): the state
 * follows from the funds and the chain's clock. Final states never change; anything arriving
 * later is recorded as late funds by the caller.
 */
export function nextIntentStatus(f: IntentFacts): IntentStatus {
	if (FINAL_STATUSES.has(f.status)) return f.status;
	const enough = f.amount - (f.amount * BigInt(f.tolerancePpm)) / 1_000_000n;
	if (f.final >= enough) return 'succeeded';
	if (f.confirmed >= enough) return 'confirmed';
	if (f.pending > 0n) return 'requires_confirmation';
	if (f.confirmed > 0n) return f.graceOver ? 'failed' : 'requires_additional_payment';
	if (f.expired || f.cancelRequested) return 'cancelled';
	return 'requires_payment_method';
}
