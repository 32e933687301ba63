import type { Principal } from '../accounts/accounts';
import type { Tx } from '../db/openDatabase';
import { KassaError, notFound } from '../errors';
import { recordEvent } from '../events/recordEvent';
import { FINAL_STATUSES } from '../intents/nextIntentStatus';
import { recomputeIntent } from '../intents/recomputeIntent';
import type { Kassa } from '../runtime/Kassa';
import { cancelPendingDeliveries } from './deliveries/repo';
import { findRequest, hasFunds, lockRequestIntents, updateRequest, type RequestRow } from './repo';
import { requestObject } from './requestObject';
import { requestTransition } from './requestTransition';
import { addTimeline } from './timeline/repo';

/**
 * Cancels a draft or open request that has received nothing: waiting e-mails are canceled, its
 * intents too (their addresses stay watched, so late funds are still seen and listed as unapplied).
 */
export async function closeRequest(
	kassa: Kassa,
	tx: Tx,
	principal: Pick<Principal, 'accountId' | 'mode'>,
	id: string,
	options: { replacedBy?: string } = {}
): Promise<RequestRow> {
	// Intents before the request: the order the watcher takes them in.
	const intents = await lockRequestIntents(tx, id);
	const row = await findRequest(tx, principal, id, true);
	if (!row) throw notFound('payment request', id);
	const next = requestTransition(row.status, 'cancel');
	if (
		await hasFunds(
			tx,
			intents.map((i) => i.id)
		)
	) {
		throw new KassaError(
			'payment_request_has_funds',
			`Funds have been seen for payment request ${id}; it can no longer be canceled.`
		);
	}
	const now = new Date();
	const canceled = await updateRequest(tx, id, row.status, {
		status: next,
		canceledAt: now,
		...(options.replacedBy ? { replacedBy: options.replacedBy } : {})
	});
	if (!canceled) throw new KassaError('state_conflict', 'The request changed meanwhile; retry.');
	for (const email of await cancelPendingDeliveries(tx, id)) {
		await addTimeline(tx, id, 'email.canceled', { delivery_id: email.id, kind: email.kind }, now);
	}
	await addTimeline(
		tx,
		id,
		'payment_request.canceled',
		{ from: row.status, to: next, replaced_by: options.replacedBy ?? null },
		now
	);
	for (const intent of intents.filter((i) => !FINAL_STATUSES.has(i.status))) {
		await recomputeIntent(kassa, tx, intent.id, { cancelRequested: true });
	}
	const final = (await findRequest(tx, principal, id))!;
	await recordEvent(tx, {
		accountId: final.accountId,
		mode: final.mode,
		type: 'payment_request.canceled',
		object: requestObject(kassa, final)
	});
	return final;
}
