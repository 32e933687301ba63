import { createHash } from 'node:crypto';
import type { Mode } from '../db/tables/columns';
import { randomBase62 } from '../ids/newId';

const KEY = /^sk_(test|live)_[0-9A-Za-z]{24,}$/;

/** A new secret key: `sk_test_` or `sk_live_` and 190 random bits. Shown once, stored as a hash. */
export function generateApiKey(mode: Mode): string {
	return `sk_${mode}_${randomBase62(190)}`;
}

export function parseApiKey(text: string): { mode: Mode } | null {
	const match = KEY.exec(text);
	return match ? { mode: match[1] as Mode } : null;
}

/** Keys carry ≥ 128 random bits, so one SHA-256 is the right hash: fast to check, infeasible to invert. */
export function hashApiKey(key: string): string {
	return createHash('sha256').update(key).digest('hex');
}

export function keyHint(key: string): string {
	return `${key.slice(0, 8)}…${key.slice(-4)}`;
}
