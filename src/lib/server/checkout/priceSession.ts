import type { StoredDiscount, StoredLineItem } from '../db/tables/checkout';
import { KassaError } from '../errors';
import { minorDigits } from '../money/currencies';
import { formatDecimal, mulDivHalfUp, parseDecimal, type DecimalProblem } from '../money/decimal';
import type { CreateCheckoutSessionInput } from './schemas';

/** Largest session total, in minor units: far above any checkout, far below bigint trouble. */
const MAX_TOTAL = 10n ** 14n;

export interface SessionPrice {
	lineItems: StoredLineItem[];
	discounts: StoredDiscount[];
	subtotal: bigint;
	total: bigint;
}

/** Exact totals in minor units: line items, then discounts in order, each rounded half up. */
export function priceSession(
	input: Pick<CreateCheckoutSessionInput, 'line_items' | 'discounts'>,
	currency: string
): SessionPrice {
	const digits = minorDigits(currency);
	let subtotal = 0n;
	const lineItems = input.line_items.map((item, i): StoredLineItem => {
		const unit = money(item.unit_amount, digits, currency, `line_items[${i}].unit_amount`);
		const amount = unit * BigInt(item.quantity);
		subtotal += amount;
		if (subtotal > MAX_TOTAL) tooLarge(`line_items[${i}]`);
		return {
			name: item.product_data.name,
			description: item.product_data.description ?? null,
			images: item.product_data.images ?? [],
			quantity: item.quantity,
			unit_amount: formatDecimal(unit, digits),
			amount_total: formatDecimal(amount, digits)
		};
	});
	let total = subtotal;
	const discounts = (input.discounts ?? []).map((d, i): StoredDiscount => {
		let off: bigint;
		if (d.amount_off !== undefined) {
			off = money(d.amount_off, digits, currency, `discounts[${i}].amount_off`);
		} else {
			const basisPoints = Math.round(d.percent_off! * 100);
			if (Math.abs(basisPoints - d.percent_off! * 100) > 1e-9) {
				throw new KassaError('parameter_invalid', 'percent_off may have at most two decimals.', {
					param: `discounts[${i}].percent_off`
				});
			}
			off = mulDivHalfUp(total, BigInt(basisPoints), 10_000n);
		}
		if (off > total) {
			throw new KassaError('parameter_invalid', 'The discounts take the total below zero.', {
				param: `discounts[${i}]`
			});
		}
		total -= off;
		return {
			name: d.name ?? null,
			amount_off: d.amount_off !== undefined ? formatDecimal(off, digits) : null,
			percent_off: d.percent_off ?? null,
			amount: formatDecimal(off, digits)
		};
	});
	return { lineItems, discounts, subtotal, total };
}

function money(text: string, digits: number, currency: string, param: string): bigint {
	const parsed = parseDecimal(text, digits);
	if (typeof parsed === 'bigint') return parsed;
	throw new KassaError('parameter_invalid', PROBLEMS[parsed](currency, digits), { param });
}

const PROBLEMS: Record<DecimalProblem, (currency: string, digits: number) => string> = {
	not_a_decimal: () => 'Amounts are non-negative decimal strings such as "12.50".',
	too_many_decimals: (currency, digits) =>
		`${currency} amounts have at most ${digits} decimal${digits === 1 ? '' : 's'}.`,
	too_large: () => 'The amount is too large.'
};

function tooLarge(param: string): never {
	throw new KassaError('parameter_invalid', 'The session total is too large.', { param });
}
