import { bigint, timestamp } from 'drizzle-orm/pg-core';

/** Column shapes every table uses: timestamps with milliseconds, money as bigint. */
export const ts = (name: string) =>
	timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });
export const money = (name: string) => bigint(name, { mode: 'bigint' });

export type Mode = 'test' | 'live';
