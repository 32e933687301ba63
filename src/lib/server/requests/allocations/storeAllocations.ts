import type { Tx } from '../../db/openDatabase';
import { newId } from '../../ids/newId';
import { minorDigits } from '../../money/currencies';
import { formatDecimal } from '../../money/decimal';
import type { RequestRow } from '../repo';
import { addTimeline } from '../timeline/repo';
import type { DerivedAllocation } from './deriveAllocations';
import { allocationsOf, upsertAllocation } from './repo';

const FIELDS = [
	'status',
	'amountRequested',
	'amountReceived',
	'amountApplied',
	'amountUnapplied',
	'reason'
] as const;

/**
 * Writes the derived allocations over the stored ones, adding a timeline entry for each change of
 * status. Returns the allocations whose transfer reached its confirmations for the first time.
 */
export async function storeAllocations(
	tx: Tx,
	request: RequestRow,
	derived: DerivedAllocation[],
	seenAt: ReadonlyMap<string, Date>
): Promise<string[]> {
	const stored = new Map((await allocationsOf(tx, request.id)).map((a) => [a.transferId, a]));
	const fiat = (units: bigint) => formatDecimal(units, minorDigits(request.currency));
	const now = new Date();
	const confirmed: string[] = [];
	for (const d of derived) {
		const before = stored.get(d.transferId);
		const settled = d.status === 'applied' || d.status === 'unapplied';
		const row = {
			id: before?.id ?? newId('pra'),
			paymentRequestId: request.id,
			transferId: d.transferId,
			paymentIntentId: d.intentId,
			accountId: request.accountId,
			mode: request.mode,
			status: d.status,
			amountRequested: d.requested,
			amountReceived: d.received,
			amountApplied: d.applied,
			amountUnapplied: d.unapplied,
			reason: d.reason,
			confirmedAt: before?.confirmedAt ?? (settled ? now : null),
			createdAt: before?.createdAt ?? seenAt.get(d.transferId) ?? now,
			updatedAt: now
		};
		const changed =
			!before ||
			before.confirmedAt !== row.confirmedAt ||
			FIELDS.some((field) => before[field] !== row[field]);
		if (!changed) continue;
		await upsertAllocation(tx, row);
		if (settled && !before?.confirmedAt) confirmed.push(row.id);
		if (before?.status === d.status) continue;
		await addTimeline(
			tx,
			request.id,
			`allocation.${d.status}`,
			{
				allocation_id: row.id,
				payment_intent_id: d.intentId,
				currency: request.currency,
				amount_received: fiat(d.received),
				amount_applied: fiat(d.applied),
				amount_unapplied: fiat(d.unapplied),
				reason: d.reason
			},
			now
		);
	}
	return confirmed;
}
