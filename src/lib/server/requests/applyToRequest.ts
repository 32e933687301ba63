import { findAccount } from '../accounts/repo';
import type { Tx } from '../db/openDatabase';
import { recordEvent } from '../events/recordEvent';
import { findIntentById } from '../intents/repo';
import { minorDigits } from '../money/currencies';
import { findRate } from '../rates/findRate';
import type { Kassa } from '../runtime/Kassa';
import {
	deriveAllocations,
	parseRatio,
	type AllocationIntent
} from './allocations/deriveAllocations';
import { storeAllocations } from './allocations/storeAllocations';
import { queueEmail } from './deliveries/queueEmail';
import { findRequestById, requestIntents, requestTransfers, updateRequest } from './repo';
import { requestObject } from './requestObject';
import { requestTransition } from './requestTransition';
import { addTimeline } from './timeline/repo';

/**
 * Called by `recomputeIntent` in the watcher's transaction for an intent issued for a request:
 * re-derives the request's allocations from all its transfers, moves it to `paid` once confirmed
 * funds cover it, and records `payment_request.payment_received` (once per transfer) and `.paid`.
 * Idempotent: running it again with nothing new changes nothing.
 */
export async function applyToRequest(kassa: Kassa, tx: Tx, intentId: string): Promise<void> {
	const intent = await findIntentById(tx, intentId);
	if (!intent?.paymentRequestId) return;
	const request = (await findRequestById(tx, intent.paymentRequestId, true))!;
	const intents = await requestIntents(tx, request.id);
	const transfers = await requestTransfers(
		tx,
		intents.map((i) => i.id)
	);
	const derived = deriveAllocations({
		status: request.status,
		amount: request.amount,
		digits: minorDigits(request.currency),
		transfers,
		intents: new Map(
			intents.map((i): [string, AllocationIntent] => [
				i.id,
				{ chain: i.chain, rate: parseRatio(i.exchangeRate) }
			])
		),
		strayRate: (t) => {
			const token = kassa.registry.token(request.mode, t.chain, t.currency);
			return token ? findRate(request.currency, token, kassa.config.rates) : null;
		}
	});
	const seenAt = new Map(transfers.map((t) => [t.id, t.createdAt]));
	const confirmed = await storeAllocations(tx, request, derived.allocations, seenAt);
	let row = request;
	if (row.amountPaid !== derived.paid || row.amountProcessing !== derived.processing) {
		row = (await updateRequest(tx, row.id, row.status, {
			amountPaid: derived.paid,
			amountProcessing: derived.processing
		}))!;
	}
	const account = await findAccount(tx, row.accountId);
	const ppm = BigInt(account?.underpaymentTolerancePpm ?? 0);
	const enough = row.amount - (row.amount * ppm) / 1_000_000n;
	const paidNow = row.status === 'open' && derived.paid >= enough;
	if (paidNow) {
		const now = new Date();
		row = (await updateRequest(tx, row.id, 'open', {
			status: requestTransition('open', 'pay'),
			paidAt: now
		}))!;
		await addTimeline(tx, row.id, 'payment_request.paid', { from: 'open', to: 'paid' }, now);
	}
	const scope = { accountId: row.accountId, mode: row.mode };
	const object = requestObject(kassa, row);
	for (const _ of confirmed)
		await recordEvent(tx, { ...scope, type: 'payment_request.payment_received', object });
	if (!paidNow) return;
	await recordEvent(tx, { ...scope, type: 'payment_request.paid', object });
	await queueEmail(tx, row, 'receipt');
}
