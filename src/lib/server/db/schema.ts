import { bigint, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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
