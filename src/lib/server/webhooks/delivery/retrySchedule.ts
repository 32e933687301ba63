const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Decisions §4: the waits after the 1st, 2nd, … failed attempt; after the last one, give up. */
export const RETRY_DELAYS_MS = [
	5 * SECOND,
	5 * MINUTE,
	30 * MINUTE,
	2 * HOUR,
	5 * HOUR,
	10 * HOUR,
	10 * HOUR
] as const;

/** How long to wait after `failedAttempts` failures (±10 % jitter), or null once retries are spent. */
export function retryDelay(
	failedAttempts: number,
	random: () => number = Math.random
): number | null {
	const base = RETRY_DELAYS_MS[failedAttempts - 1];
	if (base === undefined) return null;
	return Math.round(base * (0.9 + 0.2 * random()));
}
