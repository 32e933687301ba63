import {
	bigint,
	bigserial,
	boolean,
	integer,
	jsonb,
	pgTable,
	primaryKey,
	text,
	timestamp
} from 'drizzle-orm/pg-core';
import type { Locale } from '$lib/i18n/locales';

/** Typed mirror of `migrations/*.sql`; `schema.test.ts` checks the two agree column for column. */

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });
const money = (name: string) => bigint(name, { mode: 'bigint' });

export type Mode = 'test' | 'live';

export const accounts = pgTable('accounts', {
	id: text('id').primaryKey(),
	name: text('name').notNull(),
	displayName: text('display_name'),
	logoUrl: text('logo_url'),
	accentColor: text('accent_color'),
	supportEmail: text('support_email'),
	xpubTest: text('xpub_test'),
	xpubLive: text('xpub_live'),
	underpaymentTolerancePpm: integer('underpayment_tolerance_ppm').notNull().default(0),
	createdAt: ts('created_at').notNull().defaultNow()
});

export const apiKeys = pgTable('api_keys', {
	id: text('id').primaryKey(),
	accountId: text('account_id').notNull(),
	mode: text('mode').$type<Mode>().notNull(),
	keyHash: text('key_hash').notNull(),
	keyHint: text('key_hint').notNull(),
	createdAt: ts('created_at').notNull().defaultNow(),
	revokedAt: ts('revoked_at')
});

export const idempotencyKeys = pgTable(
	'idempotency_keys',
	{
		accountId: text('account_id').notNull(),
		mode: text('mode').$type<Mode>().notNull(),
		key: text('key').notNull(),
		requestHash: text('request_hash').notNull(),
		state: text('state').$type<'in_flight' | 'done'>().notNull(),
		responseStatus: integer('response_status'),
		responseBody: text('response_body'),
		createdAt: ts('created_at').notNull().defaultNow(),
		lockedAt: ts('locked_at').notNull().defaultNow()
	},
	(t) => [primaryKey({ columns: [t.accountId, t.mode, t.key] })]
);

export interface StoredLineItem {
	name: string;
	description: string | null;
	images: string[];
	quantity: number;
	unit_amount: string;
	amount_total: string;
}

export interface StoredDiscount {
	name: string | null;
	amount_off: string | null;
	percent_off: number | null;
	/** What this discount took off the running total, in the session currency. */
	amount: string;
}

export interface TokenRef {
	chain: string;
	currency: string;
}

export const checkoutSessions = pgTable('checkout_sessions', {
	id: text('id').primaryKey(),
	accountId: text('account_id').notNull(),
	mode: text('mode').$type<Mode>().notNull(),
	status: text('status').$type<'open' | 'complete' | 'expired'>().notNull(),
	currency: text('currency').notNull(),
	amountSubtotal: money('amount_subtotal').notNull(),
	amountTotal: money('amount_total').notNull(),
	lineItems: jsonb('line_items').$type<StoredLineItem[]>().notNull(),
	discounts: jsonb('discounts').$type<StoredDiscount[]>().notNull(),
	supportedTokens: jsonb('supported_tokens').$type<TokenRef[]>().notNull(),
	successUrl: text('success_url').notNull(),
	cancelUrl: text('cancel_url').notNull(),
	returnUrl: text('return_url'),
	customerId: text('customer_id'),
	customerEmail: text('customer_email'),
	clientReferenceId: text('client_reference_id'),
	description: text('description'),
	metadata: jsonb('metadata').$type<Record<string, string>>(),
	csrfToken: text('csrf_token').notNull(),
	paymentIntentId: text('payment_intent_id'),
	chain: text('chain'),
	selectedToken: jsonb('selected_token').$type<TokenRef>(),
	exchangeRate: text('exchange_rate'),
	expiresAt: ts('expires_at').notNull(),
	usedAt: ts('used_at'),
	accessedAt: ts('accessed_at'),
	createdAt: ts('created_at').notNull(),
	updatedAt: ts('updated_at').notNull()
});

export const webhookEndpoints = pgTable('webhook_endpoints', {
	id: text('id').primaryKey(),
	accountId: text('account_id').notNull(),
	mode: text('mode').$type<Mode>().notNull(),
	url: text('url').notNull(),
	description: text('description'),
	enabledEvents: jsonb('enabled_events').$type<string[]>().notNull(),
	metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
	status: text('status').$type<'enabled' | 'disabled'>().notNull(),
	secretCiphertext: text('secret_ciphertext').notNull(),
	createdAt: ts('created_at').notNull(),
	updatedAt: ts('updated_at').notNull(),
	deletedAt: ts('deleted_at')
});

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

export const chainCursors = pgTable('chain_cursors', {
	chainId: integer('chain_id').primaryKey(),
	genesisHash: text('genesis_hash'),
	blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
	blockHash: text('block_hash').notNull(),
	blockTime: ts('block_time').notNull(),
	updatedAt: ts('updated_at').notNull().defaultNow()
});

export const chainBlocks = pgTable(
	'chain_blocks',
	{
		chainId: integer('chain_id').notNull(),
		blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
		blockHash: text('block_hash').notNull(),
		parentHash: text('parent_hash').notNull(),
		blockTime: ts('block_time').notNull()
	},
	(t) => [primaryKey({ columns: [t.chainId, t.blockNumber] })]
);

export const leases = pgTable('leases', {
	name: text('name').primaryKey(),
	holder: text('holder').notNull(),
	expiresAt: ts('expires_at').notNull()
});

export const events = pgTable('events', {
	id: text('id').primaryKey(),
	accountId: text('account_id').notNull(),
	mode: text('mode').$type<Mode>().notNull(),
	type: text('type').notNull(),
	objectId: text('object_id').notNull(),
	data: jsonb('data').$type<Record<string, unknown>>().notNull(),
	createdAt: ts('created_at').notNull().defaultNow()
});

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'disabled';

export const webhookDeliveries = pgTable('webhook_deliveries', {
	id: text('id').primaryKey(),
	eventId: text('event_id').notNull(),
	endpointId: text('endpoint_id').notNull(),
	accountId: text('account_id').notNull(),
	mode: text('mode').$type<Mode>().notNull(),
	status: text('status').$type<DeliveryStatus>().notNull(),
	attemptCount: integer('attempt_count').notNull().default(0),
	nextAttemptAt: ts('next_attempt_at'),
	lockedBy: text('locked_by'),
	lockedUntil: ts('locked_until'),
	lastAttemptAt: ts('last_attempt_at'),
	lastStatusCode: integer('last_status_code'),
	lastError: text('last_error'),
	createdAt: ts('created_at').notNull(),
	updatedAt: ts('updated_at').notNull()
});

export const webhookAttempts = pgTable('webhook_attempts', {
	id: text('id').primaryKey(),
	deliveryId: text('delivery_id').notNull(),
	eventId: text('event_id').notNull(),
	endpointId: text('endpoint_id').notNull(),
	accountId: text('account_id').notNull(),
	mode: text('mode').$type<Mode>().notNull(),
	attempt: integer('attempt').notNull(),
	succeeded: boolean('succeeded').notNull(),
	statusCode: integer('status_code'),
	latencyMs: integer('latency_ms').notNull(),
	error: text('error'),
	createdAt: ts('created_at').notNull()
});

export type PaymentRequestStatus = 'draft' | 'open' | 'paid' | 'canceled';

/** The account's branding, copied into a request when it is finalized. */
export interface BrandingSnapshot {
	display_name: string;
	logo_url: string | null;
	accent_color: string | null;
	support_email: string | null;
}

export const paymentRequests = pgTable('payment_requests', {
	id: text('id').primaryKey(),
	accountId: text('account_id').notNull(),
	mode: text('mode').$type<Mode>().notNull(),
	status: text('status').$type<PaymentRequestStatus>().notNull(),
	currency: text('currency').notNull(),
	amount: money('amount').notNull(),
	lineItems: jsonb('line_items').$type<StoredLineItem[]>().notNull(),
	supportedTokens: jsonb('supported_tokens').$type<TokenRef[]>().notNull(),
	customerEmail: text('customer_email'),
	customerName: text('customer_name'),
	description: text('description'),
	metadata: jsonb('metadata').$type<Record<string, string>>(),
	locale: text('locale').$type<Locale>().notNull(),
	dueAt: ts('due_at'),
	reminderQueuedAt: ts('reminder_queued_at'),
	overdue: boolean('overdue').notNull().default(false),
	replaces: text('replaces'),
	replacedBy: text('replaced_by'),
	branding: jsonb('branding').$type<BrandingSnapshot>(),
	csrfToken: text('csrf_token').notNull(),
	amountPaid: money('amount_paid').notNull().default(0n),
	amountProcessing: money('amount_processing').notNull().default(0n),
	finalizedAt: ts('finalized_at'),
	paidAt: ts('paid_at'),
	canceledAt: ts('canceled_at'),
	createdAt: ts('created_at').notNull(),
	updatedAt: ts('updated_at').notNull()
});

export type AllocationStatus = 'processing' | 'applied' | 'unapplied' | 'reverted';
export type UnappliedReason = 'overpayment' | 'request_canceled' | 'wrong_token' | 'wrong_network';

export const paymentAllocations = pgTable('payment_allocations', {
	id: text('id').primaryKey(),
	paymentRequestId: text('payment_request_id').notNull(),
	transferId: text('transfer_id').notNull(),
	paymentIntentId: text('payment_intent_id').notNull(),
	accountId: text('account_id').notNull(),
	mode: text('mode').$type<Mode>().notNull(),
	status: text('status').$type<AllocationStatus>().notNull(),
	amountRequested: money('amount_requested').notNull(),
	amountReceived: money('amount_received').notNull(),
	amountApplied: money('amount_applied').notNull(),
	amountUnapplied: money('amount_unapplied').notNull(),
	reason: text('reason').$type<UnappliedReason>(),
	confirmedAt: ts('confirmed_at'),
	createdAt: ts('created_at').notNull(),
	updatedAt: ts('updated_at').notNull()
});

export type EmailKind = 'request' | 'reminder' | 'receipt';
export type EmailStatus = 'pending' | 'processing' | 'sent' | 'failed' | 'canceled';

export const paymentRequestDeliveries = pgTable('payment_request_deliveries', {
	id: text('id').primaryKey(),
	paymentRequestId: text('payment_request_id').notNull(),
	accountId: text('account_id').notNull(),
	mode: text('mode').$type<Mode>().notNull(),
	kind: text('kind').$type<EmailKind>().notNull(),
	recipient: text('recipient').notNull(),
	locale: text('locale').$type<Locale>().notNull(),
	status: text('status').$type<EmailStatus>().notNull(),
	attemptCount: integer('attempt_count').notNull().default(0),
	nextAttemptAt: ts('next_attempt_at'),
	lockedBy: text('locked_by'),
	lockedUntil: ts('locked_until'),
	lastAttemptAt: ts('last_attempt_at'),
	lastError: text('last_error'),
	transport: text('transport').$type<'smtp' | 'file'>(),
	messageId: text('message_id'),
	sentAt: ts('sent_at'),
	createdAt: ts('created_at').notNull(),
	updatedAt: ts('updated_at').notNull()
});

export const paymentRequestTimeline = pgTable('payment_request_timeline', {
	id: text('id').primaryKey(),
	seq: bigserial('seq', { mode: 'number' }).notNull(),
	paymentRequestId: text('payment_request_id').notNull(),
	type: text('type').notNull(),
	data: jsonb('data').$type<Record<string, unknown>>().notNull(),
	createdAt: ts('created_at').notNull()
});
