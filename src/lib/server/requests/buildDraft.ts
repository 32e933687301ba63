import { priceSession } from '../checkout/priceSession';
import type { Mode } from '../db/tables/columns';
import { KassaError } from '../errors';
import { isKnownCurrency, minorDigits } from '../money/currencies';
import { parseDecimal } from '../money/decimal';
import type { Kassa } from '../runtime/Kassa';
import { chooseTokens } from '../rates/chooseTokens';
import type { NewRequest } from './repo';
import type { CreatePaymentRequestInput } from './schemas';

/** Far above any invoice, far below bigint trouble (as for checkout sessions). */
const MAX_AMOUNT = 10n ** 14n;

export type DraftTerms = Pick<
	NewRequest,
	| 'currency'
	| 'amount'
	| 'lineItems'
	| 'supportedTokens'
	| 'customerEmail'
	| 'customerName'
	| 'description'
	| 'metadata'
	| 'locale'
	| 'dueAt'
	| 'replaces'
>;

/** Validates and prices a draft's terms: `amount` or `line_items` (exactly one), tokens, currency. */
export function buildDraft(
	kassa: Pick<Kassa, 'registry' | 'config'>,
	mode: Mode,
	input: Omit<CreatePaymentRequestInput, 'supported_tokens'> & {
		supported_tokens?: { chain: string; currency: string }[];
	}
): DraftTerms {
	const currency = input.currency.toUpperCase();
	if (!isKnownCurrency(currency)) {
		throw new KassaError('parameter_invalid', `Unknown currency: ${input.currency}.`, {
			param: 'currency'
		});
	}
	if (input.amount !== undefined && input.line_items !== undefined) {
		throw new KassaError('parameter_invalid', 'Give either amount or line_items, not both.', {
			param: 'amount'
		});
	}
	let amount: bigint;
	let lineItems: DraftTerms['lineItems'] = [];
	if (input.line_items !== undefined) {
		const price = priceSession({ line_items: input.line_items }, currency);
		amount = price.total;
		lineItems = price.lineItems;
	} else if (input.amount !== undefined) {
		amount = fiatAmount(input.amount, currency);
	} else {
		throw new KassaError('parameter_missing', 'Missing required param: amount (or line_items).', {
			param: 'amount'
		});
	}
	if (amount <= 0n || amount > MAX_AMOUNT) {
		const param = input.line_items ? 'line_items' : 'amount';
		throw new KassaError(
			'parameter_invalid',
			'The amount must be above zero and at most 10¹⁴ minor units.',
			{ param }
		);
	}
	return {
		currency,
		amount,
		lineItems,
		supportedTokens: chooseTokens(kassa, mode, currency, input.supported_tokens),
		customerEmail: input.customer_email ?? null,
		customerName: input.customer_name ?? null,
		description: input.description ?? null,
		metadata: input.metadata ?? null,
		locale: input.locale ?? 'en',
		dueAt: input.due_at ?? null,
		replaces: input.replaces ?? null
	};
}

function fiatAmount(text: string, currency: string): bigint {
	const digits = minorDigits(currency);
	const parsed = parseDecimal(text, digits);
	if (typeof parsed === 'bigint') return parsed;
	const message =
		parsed === 'too_many_decimals'
			? `${currency} amounts have at most ${digits} decimal${digits === 1 ? '' : 's'}.`
			: 'Amounts are non-negative decimal strings such as "120.00".';
	throw new KassaError('parameter_invalid', message, { param: 'amount' });
}
