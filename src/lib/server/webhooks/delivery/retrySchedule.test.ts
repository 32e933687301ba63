import { describe, expect, it } from 'vitest';
import { RETRY_DELAYS_MS, retryDelay } from './retrySchedule';

describe('retryDelay', () => {
	it('follows 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then gives up', () => {
		const middle = () => 0.5;
		expect([1, 2, 3, 4, 5, 6, 7].map((n) => retryDelay(n, middle))).toEqual([
			5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000
		]);
		expect(retryDelay(8)).toBeNull();
		expect(retryDelay(0)).toBeNull();
	});

	it('jitters by at most ±10 %', () => {
		RETRY_DELAYS_MS.forEach((base, i) => {
			expect(retryDelay(i + 1, () => 0)).toBe(base * 0.9);
			expect(retryDelay(i + 1, () => 0.999999)).toBeLessThanOrEqual(base * 1.1);
			const random = retryDelay(i + 1)!;
			expect(random).toBeGreaterThanOrEqual(base * 0.9);
			expect(random).toBeLessThanOrEqual(base * 1.1);
		});
	});
});
