import { boolean, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts, type Mode } from './columns';

/** Webhook endpoints, the event outbox and deliveries. Mirrors `../migrations/*.sql`; `../tables.test.ts` checks they agree. */

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
