/** A fiat amount (exact decimal text) in the shopper's language, e.g. `"12.50", "EUR", "de"` → `12,50 €`. */
export function formatMoney(amount: string, currency: string, locale: string): string {
	const digits = amount.includes('.') ? amount.split('.')[1]!.length : 0;
	try {
		return new Intl.NumberFormat(locale, {
			style: 'currency',
			currency,
			minimumFractionDigits: digits,
			maximumFractionDigits: digits
		}).format(amount as Intl.StringNumericLiteral);
	} catch {
		return `${amount} ${currency}`;
	}
}
