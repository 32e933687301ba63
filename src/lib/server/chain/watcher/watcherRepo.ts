import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/openDatabase';
import { chainBlocks, chainCursors } from '../../db/tables/chain';
import { type Mode } from '../../db/tables/columns';
import { paymentIntents, transfers, type IntentStatus } from '../../db/tables/payments';
import { newId } from '../../ids/newId';

export type Cursor = typeof chainCursors.$inferSelect;
export interface Header {
	number: number;
	hash: string;
	parentHash: string;
	time: Date;
}

export async function loadCursor(db: Queryable, chainId: number): Promise<Cursor | undefined> {
	const [row] = await db.select().from(chainCursors).where(eq(chainCursors.chainId, chainId));
	return row;
}

export async function initCursor(
	db: Queryable,
	chainId: number,
	genesisHash: string,
	header: Header
): Promise<void> {
	await db
		.insert(chainCursors)
		.values({
			chainId,
			genesisHash,
			blockNumber: header.number,
			blockHash: header.hash,
			blockTime: header.time
		})
		.onConflictDoNothing();
	await storeHeaders(db, chainId, [header]);
}

/** Moves the cursor only from where this watcher saw it: a second writer cannot apply blocks twice. */
export async function advanceCursor(
	db: Queryable,
	chainId: number,
	from: Cursor,
	to: Header
): Promise<boolean> {
	const rows = await db
		.update(chainCursors)
		.set({ blockNumber: to.number, blockHash: to.hash, blockTime: to.time, updatedAt: new Date() })
		.where(
			and(
				eq(chainCursors.chainId, chainId),
				eq(chainCursors.blockNumber, from.blockNumber),
				eq(chainCursors.blockHash, from.blockHash)
			)
		)
		.returning({ chainId: chainCursors.chainId });
	return rows.length > 0;
}

export async function storeHeaders(
	db: Queryable,
	chainId: number,
	headers: Header[]
): Promise<void> {
	if (headers.length === 0) return;
	await db
		.insert(chainBlocks)
		.values(
			headers.map((h) => ({
				chainId,
				blockNumber: h.number,
				blockHash: h.hash,
				parentHash: h.parentHash,
				blockTime: h.time
			}))
		)
		.onConflictDoUpdate({
			target: [chainBlocks.chainId, chainBlocks.blockNumber],
			set: {
				blockHash: sql`excluded.block_hash`,
				parentHash: sql`excluded.parent_hash`,
				blockTime: sql`excluded.block_time`
			}
		});
	await db
		.delete(chainBlocks)
		.where(
			and(
				eq(chainBlocks.chainId, chainId),
				lte(chainBlocks.blockNumber, headers.at(-1)!.number - 512)
			)
		);
}

export async function storedHeader(db: Queryable, chainId: number, number: number) {
	const [row] = await db
		.select()
		.from(chainBlocks)
		.where(and(eq(chainBlocks.chainId, chainId), eq(chainBlocks.blockNumber, number)));
	return row;
}

export interface SeenTransfer {
	chainId: number;
	chain: string;
	mode: Mode;
	txHash: string;
	logIndex: number;
	blockNumber: number;
	blockHash: string;
	blockTime: Date;
	tokenAddress: string;
	currency: string;
	decimals: number;
	fromAddress: string;
	toAddress: string;
	amount: bigint;
	paymentIntentId: string;
	accountId: string;
	applies: boolean;
	late: boolean;
}

/** Records each transfer once (chain, tx, log index); one re-included after a reorg pends again. */
export async function upsertTransfers(db: Queryable, seen: SeenTransfer[]) {
	if (seen.length === 0) return [];
	return db
		.insert(transfers)
		.values(seen.map((t) => ({ ...t, id: newId('tr'), state: 'pending' as const })))
		.onConflictDoUpdate({
			target: [transfers.chainId, transfers.txHash, transfers.logIndex],
			set: {
				blockNumber: sql`excluded.block_number`,
				blockHash: sql`excluded.block_hash`,
				blockTime: sql`excluded.block_time`,
				state: 'pending',
				updatedAt: sql`now()`
			},
			setWhere: sql`${transfers.state} = 'orphaned'`
		})
		.returning({
			intentId: transfers.paymentIntentId,
			applies: transfers.applies,
			late: transfers.late,
			// xmax is 0 on a row this statement inserted (not on one it revived).
			inserted: sql<boolean>`(xmax = 0)`
		});
}

/** Deepens transfer states by block depth; returns the intents whose transfers changed. */
export async function settleTransfers(
	db: Queryable,
	chainId: number,
	confirmedUpTo: number,
	finalUpTo: number
): Promise<string[]> {
	const confirmed = await db
		.update(transfers)
		.set({ state: 'confirmed', updatedAt: new Date() })
		.where(
			and(
				eq(transfers.chainId, chainId),
				eq(transfers.state, 'pending'),
				lte(transfers.blockNumber, confirmedUpTo)
			)
		)
		.returning({ intent: transfers.paymentIntentId });
	const final = await db
		.update(transfers)
		.set({ state: 'final', updatedAt: new Date() })
		.where(
			and(
				eq(transfers.chainId, chainId),
				inArray(transfers.state, ['confirmed']),
				lte(transfers.blockNumber, finalUpTo)
			)
		)
		.returning({ intent: transfers.paymentIntentId });
	return [...confirmed, ...final].map((r) => r.intent);
}

/** Orphans what blocks above `ancestor` carried; returns the intents that lose funds. */
export async function orphanAbove(
	db: Queryable,
	chainId: number,
	ancestor: number
): Promise<string[]> {
	const rows = await db
		.update(transfers)
		.set({ state: 'orphaned', updatedAt: new Date() })
		.where(
			and(
				eq(transfers.chainId, chainId),
				gt(transfers.blockNumber, ancestor),
				inArray(transfers.state, ['pending', 'confirmed'])
			)
		)
		.returning({ intent: transfers.paymentIntentId });
	await db
		.delete(chainBlocks)
		.where(and(eq(chainBlocks.chainId, chainId), gt(chainBlocks.blockNumber, ancestor)));
	return rows.map((r) => r.intent);
}

/** Intents on this chain whose state can move with time or depth: unsettled funds, or due to expire. */
export async function intentsToRecompute(
	db: Queryable,
	chainId: number,
	chainTime: Date
): Promise<string[]> {
	const rows = await db
		.select({ id: paymentIntents.id })
		.from(paymentIntents)
		.where(
			and(
				eq(paymentIntents.chainId, chainId),
				sql`(${paymentIntents.status} IN ('requires_confirmation', 'confirmed')
					OR (${paymentIntents.status} = 'requires_payment_method' AND ${paymentIntents.expiresAt} <= ${chainTime.toISOString()})
					OR (${paymentIntents.status} = 'requires_additional_payment' AND ${paymentIntents.expiresAt} <= ${new Date(chainTime.getTime() - 30 * 60_000).toISOString()}))`
			)
		);
	return rows.map((r) => r.id);
}

export async function intentStatuses(db: Queryable, ids: string[]) {
	if (ids.length === 0)
		return new Map<
			string,
			{ status: IntentStatus; chainId: number; tokenAddress: string; accountId: string }
		>();
	const rows = await db
		.select({
			id: paymentIntents.id,
			status: paymentIntents.status,
			chainId: paymentIntents.chainId,
			tokenAddress: paymentIntents.tokenAddress,
			accountId: paymentIntents.accountId
		})
		.from(paymentIntents)
		.where(inArray(paymentIntents.id, ids));
	return new Map(rows.map((r) => [r.id, r]));
}

/** Intents with transfers on this chain that can still deepen (pending or confirmed). */
export async function intentsWithUnsettledTransfers(
	db: Queryable,
	chainId: number
): Promise<string[]> {
	const rows = await db
		.selectDistinct({ id: transfers.paymentIntentId })
		.from(transfers)
		.where(and(eq(transfers.chainId, chainId), inArray(transfers.state, ['pending', 'confirmed'])));
	return rows.map((r) => r.id);
}

/** Row-locks intents in id order, the one order every writer of several intents uses. */
export async function lockIntents(db: Queryable, ids: string[]): Promise<void> {
	const unique = [...new Set(ids)].sort();
	if (unique.length === 0) return;
	await db
		.select({ id: paymentIntents.id })
		.from(paymentIntents)
		.where(inArray(paymentIntents.id, unique))
		.orderBy(paymentIntents.id)
		.for('update');
}
