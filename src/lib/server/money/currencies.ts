/** ISO 4217 minor-unit digits of the fiat currencies Kassa can price in. */
const MINOR_DIGITS: Record<string, number> = {
	USD: 2,
	EUR: 2,
	GBP: 2,
	CHF: 2,
	CAD: 2,
	AUD: 2,
	NZD: 2,
	SEK: 2,
	NOK: 2,
	DKK: 2,
	PLN: 2,
	CZK: 2,
	HUF: 2,
	RON: 2,
	BGN: 2,
	TRY: 2,
	BRL: 2,
	MXN: 2,
	ARS: 2,
	CLP: 0,
	COP: 2,
	PEN: 2,
	JPY: 0,
	KRW: 0,
	CNY: 2,
	HKD: 2,
	SGD: 2,
	TWD: 2,
	INR: 2,
	IDR: 2,
	THB: 2,
	PHP: 2,
	MYR: 2,
	VND: 0,
	AED: 2,
	SAR: 2,
	ILS: 2,
	ZAR: 2,
	NGN: 2,
	KES: 2,
	EGP: 2,
	KWD: 3,
	BHD: 3,
	OMR: 3,
	JOD: 3,
	TND: 3,
	ISK: 0,
	UAH: 2
};

export function isKnownCurrency(code: string): boolean {
	return Object.hasOwn(MINOR_DIGITS, code);
}

/** Minor-unit digits of a known currency; callers validate with `isKnownCurrency` first. */
export function minorDigits(code: string): number {
	const digits = MINOR_DIGITS[code];
	if (digits === undefined) throw new Error(`Unknown currency ${code}`);
	return digits;
}
