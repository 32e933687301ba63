import { bigint, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/** Chain cursors, recent headers and worker leases. Mirrors `../migrations/*.sql`; `../tables.test.ts` checks they agree. */

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
