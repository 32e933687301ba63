import type { Principal } from '../../accounts/accounts';
import { iso } from '../../api/common';
import { notFound } from '../../errors';
import type { TransferRow } from '../../intents/repo';
import { listPage, type ListParams } from '../../http/listParams';
import { minorDigits } from '../../money/currencies';
import { formatDecimal, formatTokenAmount } from '../../money/decimal';
import type { Kassa } from '../../runtime/Kassa';
import { findRequest } from '../repo';
import { findAllocation, listAllocations as listRows, type AllocationRow } from './repo';

export function allocationObject(row: AllocationRow, transfer: TransferRow, currency: string) {
	const fiat = (units: bigint) => formatDecimal(units, minorDigits(currency));
	return {
		id: row.id,
		object: 'payment_allocation' as const,
		payment_request_id: row.paymentRequestId,
		payment_intent_id: row.paymentIntentId,
		status: row.status,
		currency,
		amount_requested: fiat(row.amountRequested),
		amount_received: fiat(row.amountReceived),
		amount_applied: fiat(row.amountApplied),
		amount_unapplied: fiat(row.amountUnapplied),
		reason: row.reason,
		transfer: {
			chain: transfer.chain,
			currency: transfer.currency,
			amount: formatTokenAmount(transfer.amount, transfer.decimals),
			transaction_hash: transfer.txHash,
			log_index: transfer.logIndex,
			block_number: transfer.blockNumber,
			from: transfer.fromAddress,
			to: transfer.toAddress,
			state: transfer.state
		},
		created_at: iso(row.createdAt),
		updated_at: iso(row.updatedAt)
	};
}

/** The request's allocations: one per transfer to any address issued for it, newest first. */
export async function listAllocations(
	kassa: Kassa,
	principal: Principal,
	requestId: string,
	params: ListParams
) {
	const request = await findRequest(kassa.db, principal, requestId);
	if (!request) throw notFound('payment request', requestId);
	const after = params.starting_after
		? await findAllocation(kassa.db, requestId, params.starting_after)
		: undefined;
	if (params.starting_after && !after)
		throw notFound('payment allocation', params.starting_after, 'starting_after');
	const rows = await listRows(kassa.db, requestId, { limit: params.limit, after });
	return listPage(
		rows.map((r) => allocationObject(r.allocation, r.transfer, request.currency)),
		params.limit,
		`/api/v1/payment_requests/${requestId}/payments`
	);
}
