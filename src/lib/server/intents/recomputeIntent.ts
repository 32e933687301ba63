import { eq } from 'drizzle-orm';
import { findAccount } from '../accounts/repo';
import { updateSessionStatus } from '../checkout/repo';
import { sessionTransition } from '../checkout/sessionTransition';
import type { Tx } from '../db/openDatabase';
import type { Kassa } from '../runtime/Kassa';
import { sessionObject } from '../checkout/sessionObject';
import { chainCursors } from '../db/tables/chain';
import { type IntentStatus } from '../db/tables/payments';
import { recordEvent } from '../events/recordEvent';
import { applyToRequest } from '../requests/applyToRequest';
import { intentObject } from './intentObject';
import { FINAL_STATUSES, nextIntentStatus } from './nextIntentStatus';
import {
	findIntentById,
	intentTransfers,
	notifyIntentChanged,
	updateIntent,
	type IntentRow
} from './repo';

const GRACE_MS = 30 * 60_000;

/**
 * Re-derives an intent from its recorded transfers and its chain's clock, writes the result, moves
 * its session along and records the events, all in the caller's transaction.
 */
export async function recomputeIntent(
	kassa: Kassa,
	tx: Tx,
	intentId: string,
	options: { cancelRequested?: boolean } = {}
): Promise<IntentRow> {
	const intent = (await findIntentById(tx, intentId, true))!;
	const transfers = await intentTransfers(tx, intentId);
	const [cursor] = await tx
		.select({ time: chainCursors.blockTime, number: chainCursors.blockNumber })
		.from(chainCursors)
		.where(eq(chainCursors.chainId, intent.chainId));
	const account = await findAccount(tx, intent.accountId);
	const chainTime = cursor?.time.getTime() ?? 0;
	const paying = transfers.filter((t) => t.applies && !t.late && t.state !== 'orphaned');
	const sum = (states: string[]) =>
		paying.filter((t) => states.includes(t.state)).reduce((s, t) => s + t.amount, 0n);
	const pending = sum(['pending']);
	const confirmed = sum(['confirmed', 'final']);
	const final = sum(['final']);
	const cancelRequested = intent.cancelRequested || (options.cancelRequested ?? false);
	const status = nextIntentStatus({
		status: intent.status,
		amount: intent.amount,
		tolerancePpm: account?.underpaymentTolerancePpm ?? 0,
		pending,
		confirmed,
		final,
		expired: chainTime >= intent.expiresAt.getTime(),
		graceOver: chainTime >= intent.expiresAt.getTime() + GRACE_MS,
		cancelRequested
	});
	const settled = FINAL_STATUSES.has(intent.status);
	const lastPaying = paying.at(-1);
	const latest = lastPaying ?? transfers.filter((t) => t.state !== 'orphaned').at(-1);
	const lateTotal = transfers
		.filter((t) => t.late && t.applies && t.state !== 'orphaned')
		.reduce((s, t) => s + t.amount, 0n);
	const changes = {
		status,
		cancelRequested,
		amountPending: settled ? intent.amountPending : pending,
		amountConfirmed: settled ? intent.amountConfirmed : confirmed,
		amountFinal: settled ? intent.amountFinal : final,
		amountLate: lateTotal,
		// Depth of the newest paying transfer on the intent's own chain; strays on other networks do not count.
		confirmations:
			lastPaying && cursor ? Math.max(0, cursor.number - lastPaying.blockNumber + 1) : 0,
		lastTxHash: latest?.txHash ?? null,
		chainTimeAt: cursor?.time ?? null
	};
	const same = (Object.keys(changes) as (keyof typeof changes)[]).every(
		(k) => changes[k] === intent[k]
	);
	if (same) {
		// A stray transfer, or one deepening, can leave the intent as it was but move an allocation.
		if (intent.paymentRequestId) await applyToRequest(kassa, tx, intentId);
		return intent;
	}
	const updated = (await updateIntent(tx, intent.id, intent.version, changes))!;
	await notifyIntentChanged(tx, intent.id);
	if (status !== intent.status) await afterStatusChange(kassa, tx, intent, updated, transfers);
	if (updated.paymentRequestId ?? intent.paymentRequestId)
		await applyToRequest(kassa, tx, intentId);
	return updated;
}

async function afterStatusChange(
	kassa: Kassa,
	tx: Tx,
	before: IntentRow,
	after: IntentRow,
	transfers: Awaited<ReturnType<typeof intentTransfers>>
) {
	const object = intentObject(after, transfers);
	const scope = { accountId: after.accountId, mode: after.mode };
	await recordEvent(tx, { ...scope, type: `payment_intent.${after.status}`, object });
	const reverted =
		rank(after.status) < rank(before.status) && rank(before.status) >= rank('confirmed');
	if (reverted) await recordEvent(tx, { ...scope, type: 'payment_intent.reverted', object });
	if (!after.checkoutSessionId) return;
	const sessionEvent =
		after.status === 'confirmed' || after.status === 'succeeded'
			? 'complete'
			: after.status === 'cancelled' || after.status === 'failed'
				? 'expire'
				: null;
	if (!sessionEvent) return;
	const principal = { ...scope, livemode: after.mode === 'live' };
	const session = await updateSessionStatus(tx, principal, after.checkoutSessionId, 'open', {
		status: sessionTransition('open', sessionEvent),
		...(sessionEvent === 'complete' ? { usedAt: new Date() } : {})
	});
	if (session) {
		await recordEvent(tx, {
			...scope,
			type: sessionEvent === 'complete' ? 'checkout_session.completed' : 'checkout_session.expired',
			object: sessionObject(kassa, session)
		});
	}
}

const ORDER: IntentStatus[] = [
	'requires_payment_method',
	'requires_additional_payment',
	'requires_confirmation',
	'confirmed',
	'succeeded'
];
const rank = (s: IntentStatus) => ORDER.indexOf(s);
