import { describe, expect, it } from 'vitest';
import { newId, randomBase62 } from './newId';

describe('newId', () => {
	it('prefixes and carries at least 128 bits of base62', () => {
		const id = newId('chk_test');
		expect(id).toMatch(/^chk_test_[0-9A-Za-z]{22}$/);
		expect(22 * Math.log2(62)).toBeGreaterThanOrEqual(128);
	});

	it('does not repeat', () => {
		const seen = new Set(Array.from({ length: 10_000 }, () => randomBase62()));
		expect(seen.size).toBe(10_000);
	});
});
