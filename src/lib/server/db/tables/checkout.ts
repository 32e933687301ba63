import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts, money, type Mode } from './columns';

/** Checkout sessions. Mirrors `../migrations/*.sql`; `../tables.test.ts` checks they agree. */

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
