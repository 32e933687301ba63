import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testKassa } from '../../../../tests/support/testKassa';
import type { Kassa } from '../runtime/Kassa';
import { queryRows } from './queryRows';
import * as accounts from './tables/accounts';
import * as chain from './tables/chain';
import * as checkout from './tables/checkout';
import * as payments from './tables/payments';
import * as requests from './tables/requests';
import * as webhooks from './tables/webhooks';

const tables = [accounts, chain, checkout, payments, requests, webhooks]
	.flatMap((m) => Object.values(m))
	.filter(
		(v) => typeof v === 'object' && v !== null && Symbol.for('drizzle:IsDrizzleTable') in v
	) as PgTable[];

describe('tables/*.ts mirror the migrations', () => {
	let kassa: Kassa;
	beforeAll(async () => {
		kassa = await testKassa();
	});
	afterAll(() => kassa.close());

	it.each(tables.map((t) => [getTableConfig(t).name, t] as const))(
		'%s has the same columns, types and nullability',
		async (name, table) => {
			const rows = await queryRows<{ column_name: string; data_type: string; is_nullable: string }>(
				kassa.db,
				`SELECT column_name, data_type, is_nullable FROM information_schema.columns WHERE table_name = '${name}' AND table_schema = current_schema() ORDER BY column_name`
			);
			const actual = rows.map((r) => `${r.column_name}:${r.data_type}:${r.is_nullable}`);
			const expected = getTableConfig(table)
				.columns.map((c) => `${c.name}:${sqlType(c.getSQLType())}:${c.notNull ? 'NO' : 'YES'}`)
				.sort();
			expect(actual).toEqual(expected);
		}
	);
});

function sqlType(drizzleType: string): string {
	if (drizzleType.startsWith('timestamp')) return 'timestamp with time zone';
	if (drizzleType === 'bigserial') return 'bigint';
	return drizzleType;
}
