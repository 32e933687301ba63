const DECIMAL = /^(0|[1-9]\d*)(?:\.(\d+))?$/;

export type DecimalProblem = 'not_a_decimal' | 'too_many_decimals' | 'too_large';

const MAX_DIGITS = 36;

/**
 * Parses a non-negative decimal string into integer units with `digits` decimals.
 * No signs, exponents, spaces or more decimals than `digits`: money is never rounded on input.
 */
export function parseDecimal(text: string, digits: number): bigint | DecimalProblem {
	const match = DECIMAL.exec(text);
	if (!match) return 'not_a_decimal';
	const [, whole, fraction = ''] = match;
	if (fraction.length > digits) return 'too_many_decimals';
	if (whole!.length + digits > MAX_DIGITS) return 'too_large';
	return BigInt(whole! + fraction.padEnd(digits, '0'));
}

/** Integer units → decimal text with exactly `digits` decimals (`1250n, 2` → `"12.50"`). */
export function formatDecimal(units: bigint, digits: number): string {
	const negative = units < 0n;
	const text = (negative ? -units : units).toString().padStart(digits + 1, '0');
	const whole = text.slice(0, text.length - digits);
	const fraction = text.slice(text.length - digits);
	return `${negative ? '-' : ''}${whole}${digits > 0 ? `.${fraction}` : ''}`;
}

/** Token units → text with at least two decimals and no trailing zeros beyond them. */
export function formatTokenAmount(units: bigint, decimals: number): string {
	const full = formatDecimal(units, decimals);
	if (decimals <= 2)
		return decimals === 2 ? full : formatDecimal(units * 10n ** BigInt(2 - decimals), 2);
	const [whole, fraction = ''] = full.split('.');
	const trimmed = fraction.replace(/0+$/, '').padEnd(2, '0');
	return `${whole}.${trimmed}`;
}

/** `value × numerator / denominator`, rounded half up (non-negative inputs). */
export function mulDivHalfUp(value: bigint, numerator: bigint, denominator: bigint): bigint {
	return (value * numerator * 2n + denominator) / (denominator * 2n);
}

/** `value × numerator / denominator`, rounded up (non-negative inputs). */
export function mulDivUp(value: bigint, numerator: bigint, denominator: bigint): bigint {
	return (value * numerator + denominator - 1n) / denominator;
}
