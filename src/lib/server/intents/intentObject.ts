import { iso } from '../api/common';
import { formatTokenAmount } from '../money/decimal';
import type { IntentRow, TransferRow } from './repo';

const received = (row: IntentRow) => row.amountPending + row.amountConfirmed;

/** What the hosted page polls (decisions §3.4). */
export function intentStatusBody(row: IntentRow, sessionStatus: string | null) {
	const amount = (units: bigint) => formatTokenAmount(units, row.decimals);
	const due = row.amount - received(row);
	return {
		id: row.id,
		object: 'payment_intent_status',
		status: row.status,
		amount: amount(row.amount),
		amount_received: amount(received(row)),
		amount_due: amount(due > 0n ? due : 0n),
		currency: row.currency,
		chain: row.chain,
		confirmations: row.confirmations,
		required_confirmations: row.requiredConfirmations,
		expired_at: iso(row.expiresAt),
		checkout_session_status: sessionStatus,
		latest_transaction_hash: row.lastTxHash
	};
}

/** The PaymentIntent object: the interface's fields plus what a merchant needs to reconcile. */
export function intentObject(row: IntentRow, transfers: TransferRow[]) {
	const amount = (units: bigint) => formatTokenAmount(units, row.decimals);
	const due = row.amount - received(row);
	return {
		id: row.id,
		object: 'payment_intent',
		amount: amount(row.amount),
		currency: row.currency,
		chain: row.chain,
		status: row.status,
		one_time_address: row.address,
		created: Math.floor(row.createdAt.getTime() / 1000),
		livemode: row.mode === 'live',
		checkout_session_id: row.checkoutSessionId,
		chain_id: row.chainId,
		contract_address: row.tokenAddress,
		amount_received: amount(received(row)),
		amount_confirmed: amount(row.amountConfirmed),
		amount_due: amount(due > 0n ? due : 0n),
		amount_late: amount(row.amountLate),
		confirmations: row.confirmations,
		required_confirmations: row.requiredConfirmations,
		exchange_rate: row.exchangeRate,
		expired_at: iso(row.expiresAt),
		latest_transaction_hash: row.lastTxHash,
		transfers: transfers.map((t) => ({
			chain: t.chain,
			chain_id: t.chainId,
			currency: t.currency,
			contract_address: t.tokenAddress,
			transaction_hash: t.txHash,
			log_index: t.logIndex,
			block_number: t.blockNumber,
			from: t.fromAddress,
			amount: formatTokenAmount(t.amount, t.decimals),
			state: t.state,
			applies: t.applies,
			late: t.late,
			seen_at: iso(t.createdAt)
		})),
		updated_at: iso(row.updatedAt)
	};
}
