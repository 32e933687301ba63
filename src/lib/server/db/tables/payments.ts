import { bigint, bigserial, boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts, money, type Mode } from './columns';

/** Payment intents, issued addresses and the transfers seen to them. Mirrors `../migrations/*.sql`; `../tables.test.ts` checks they agree. */

export type IntentStatus =
	| 'requires_payment_method'
	| 'requires_confirmation'
	| 'requires_additional_payment'
	| 'confirmed'
	| 'succeeded'
	| 'cancelled'
	| 'failed';

export const addressCounters = pgTable('address_counters', {
	xpub: text('xpub').primaryKey(),
	nextIndex: integer('next_index').notNull()
});

export const paymentIntents = pgTable('payment_intents', {
	id: text('id').primaryKey(),
	accountId: text('account_id').notNull(),
	mode: text('mode').$type<Mode>().notNull(),
	checkoutSessionId: text('checkout_session_id'),
	paymentRequestId: text('payment_request_id'),
	status: text('status').$type<IntentStatus>().notNull(),
	chain: text('chain').notNull(),
	chainId: integer('chain_id').notNull(),
	currency: text('currency').notNull(),
	tokenAddress: text('token_address').notNull(),
	decimals: integer('decimals').notNull(),
	amount: money('amount').notNull(),
	fiatCurrency: text('fiat_currency').notNull(),
	fiatAmount: money('fiat_amount').notNull(),
	exchangeRate: text('exchange_rate').notNull(),
	amountPending: money('amount_pending').notNull().default(0n),
	amountConfirmed: money('amount_confirmed').notNull().default(0n),
	amountFinal: money('amount_final').notNull().default(0n),
	amountLate: money('amount_late').notNull().default(0n),
	confirmations: integer('confirmations').notNull().default(0),
	requiredConfirmations: integer('required_confirmations').notNull(),
	address: text('address').notNull(),
	xpub: text('xpub').notNull(),
	derivationIndex: integer('derivation_index').notNull(),
	lastTxHash: text('last_tx_hash'),
	expiresAt: ts('expires_at').notNull(),
	chainTimeAt: ts('chain_time_at'),
	cancelRequested: boolean('cancel_requested').notNull().default(false),
	version: integer('version').notNull().default(1),
	createdAt: ts('created_at').notNull(),
	updatedAt: ts('updated_at').notNull()
});

export const watchedAddresses = pgTable('watched_addresses', {
	address: text('address').primaryKey(),
	seq: bigserial('seq', { mode: 'number' }).notNull(),
	accountId: text('account_id').notNull(),
	mode: text('mode').$type<Mode>().notNull(),
	paymentIntentId: text('payment_intent_id').notNull(),
	createdAt: ts('created_at').notNull().defaultNow()
});

export type TransferState = 'pending' | 'confirmed' | 'final' | 'orphaned';

export const transfers = pgTable('transfers', {
	id: text('id').primaryKey(),
	chainId: integer('chain_id').notNull(),
	chain: text('chain').notNull(),
	mode: text('mode').$type<Mode>().notNull(),
	txHash: text('tx_hash').notNull(),
	logIndex: integer('log_index').notNull(),
	blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
	blockHash: text('block_hash').notNull(),
	blockTime: ts('block_time').notNull(),
	tokenAddress: text('token_address').notNull(),
	currency: text('currency').notNull(),
	decimals: integer('decimals').notNull(),
	fromAddress: text('from_address').notNull(),
	toAddress: text('to_address').notNull(),
	amount: money('amount').notNull(),
	paymentIntentId: text('payment_intent_id').notNull(),
	accountId: text('account_id').notNull(),
	applies: boolean('applies').notNull(),
	late: boolean('late').notNull().default(false),
	state: text('state').$type<TransferState>().notNull(),
	createdAt: ts('created_at').notNull().defaultNow(),
	updatedAt: ts('updated_at').notNull().defaultNow()
});
