import { isKnownCurrency } from '../money/currencies';
import type { Rate, RateTable } from './findRate';

const ENTRY = /^([A-Z]{3})\/([A-Z]{3,5})=(\d{1,12}(?:\.\d{1,18})?)$/;

/**
 * `KASSA_RATES`: comma-separated `FIAT/TARGET=rate` entries (token units per one fiat unit),
 * e.g. `GBP/USD=1.27,CHF/EURC=1.06`. Returns the table, or the first problem as text.
 */
export function parseRateTable(text: string | undefined): RateTable | string {
	const table = new Map<string, Rate>();
	for (const raw of (text ?? '')
		.split(',')
		.map((e) => e.trim())
		.filter(Boolean)) {
		const match = ENTRY.exec(raw.toUpperCase());
		if (!match) return `"${raw}" is not FIAT/TARGET=rate (e.g. GBP/USD=1.27)`;
		const [, fiat, target, value] = match;
		if (!isKnownCurrency(fiat!)) return `"${raw}": unknown currency ${fiat}`;
		const [whole, fraction = ''] = value!.split('.');
		const denominator = 10n ** BigInt(fraction.length);
		const numerator = BigInt(whole! + fraction);
		if (numerator === 0n) return `"${raw}": a rate must be above zero`;
		table.set(`${fiat}/${target}`, { text: value!, numerator, denominator });
	}
	return table;
}
