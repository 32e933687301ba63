import type { Locale } from '$lib/i18n/locales';
import { bigserial, boolean, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts, money, type Mode } from './columns';
import type { StoredLineItem, TokenRef } from './checkout';

/** Payment requests, their allocations, e-mail deliveries and timeline. Mirrors `../migrations/*.sql`; `../tables.test.ts` checks they agree. */

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
