import type { Kassa } from '../../runtime/Kassa';
import { FINAL_STATUSES } from '../../intents/nextIntentStatus';
import { announceExtraFunds } from '../../intents/announceExtraFunds';
import { recomputeIntent } from '../../intents/recomputeIntent';
import { holdsLease } from '../../jobs/lease';
import type { EnabledNetwork } from '../createRegistry';
import type { AddressBook } from './AddressBook';
import type { TransferLog } from './fetchChainData';
import {
	advanceCursor,
	intentsWithUnsettledTransfers,
	lockIntents,
	intentStatuses,
	intentsToRecompute,
	settleTransfers,
	storeHeaders,
	upsertTransfers,
	type Cursor,
	type Header,
	type SeenTransfer
} from './watcherRepo';

export interface RangeInput {
	network: EnabledNetwork;
	lease: { name: string; holder: string };
	cursor: Cursor;
	headers: Header[];
	logs: TransferLog[];
	book: AddressBook;
	/** Highest block the chain calls final, when it has a `finalized` tag. */
	finalizedTag: number | null;
}

/**
 * Applies fetched blocks in one transaction: records transfers to watched addresses, deepens
 * confirmations, re-derives every intent they or the chain's clock touch, and advances the cursor.
 * Returns false (nothing written) when another watcher moved the cursor or took the lease.
 */
export async function applyRange(
	kassa: Kassa,
	input: RangeInput
): Promise<{ applied: boolean; intents: string[] }> {
	const { network, headers } = input;
	const last = headers.at(-1)!;
	const times = new Map(headers.map((h) => [h.number, h.time]));
	const matched = input.logs.flatMap((log) => {
		const intentId = input.book.intentFor(log.to);
		return intentId ? [{ log, intentId }] : [];
	});
	return kassa.db.transaction(async (tx) => {
		if (!(await holdsLease(tx, input.lease.name, input.lease.holder)))
			return { applied: false, intents: [] };
		if (!(await advanceCursor(tx, network.chainId, input.cursor, last)))
			return { applied: false, intents: [] };
		await storeHeaders(tx, network.chainId, headers);
		// Every intent this block range can touch, locked up front in id order: two chains' watchers
		// recording transfers for one intent (a wrong-network payment) then queue instead of deadlocking.
		const due = await intentsToRecompute(tx, network.chainId, last.time);
		const unsettled = await intentsWithUnsettledTransfers(tx, network.chainId);
		await lockIntents(tx, [...matched.map((m) => m.intentId), ...due, ...unsettled]);
		const intents = await intentStatuses(
			tx,
			matched.map((m) => m.intentId)
		);
		const tokens = new Map(network.tokens.map((t) => [t.address.toLowerCase(), t]));
		const seen: SeenTransfer[] = matched.map(({ log, intentId }) => {
			const intent = intents.get(intentId)!;
			const token = tokens.get(log.token)!;
			const applies = intent.chainId === network.chainId && intent.tokenAddress === log.token;
			return {
				chainId: network.chainId,
				chain: network.chain,
				mode: network.mode,
				txHash: log.txHash,
				logIndex: log.logIndex,
				blockNumber: log.blockNumber,
				blockHash: log.blockHash,
				blockTime: times.get(log.blockNumber)!,
				tokenAddress: log.token,
				currency: token.currency,
				decimals: token.decimals,
				fromAddress: log.from,
				toAddress: log.to,
				amount: log.value,
				paymentIntentId: intentId,
				accountId: intent.accountId,
				applies,
				late: FINAL_STATUSES.has(intent.status)
			};
		});
		const recorded = await upsertTransfers(tx, seen);
		const confirmedUpTo = last.number - network.confirmations + 1;
		const finalUpTo =
			network.finalityDepth !== null
				? last.number - network.finalityDepth + 1
				: (input.finalizedTag ?? -1);
		const settled = await settleTransfers(
			tx,
			network.chainId,
			confirmedUpTo,
			Math.min(finalUpTo, confirmedUpTo)
		);
		const touched = [
			...new Set([...seen.map((s) => s.paymentIntentId), ...settled, ...due])
		].sort();
		for (const id of touched) await recomputeIntent(kassa, tx, id);
		const unexpected = recorded.filter((r) => r.inserted && (r.late || !r.applies));
		for (const id of new Set(unexpected.map((r) => r.intentId))) await announceExtraFunds(tx, id);
		return { applied: true, intents: touched };
	});
}
