import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts, type Mode } from './columns';

/** Accounts, their API keys and idempotency records. Mirrors `../migrations/*.sql`; `../tables.test.ts` checks they agree. */

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
