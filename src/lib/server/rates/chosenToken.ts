import type { RegistryToken } from '../chain/createRegistry';
import type { TokenRef } from '../db/tables/checkout';
import type { Mode } from '../db/tables/columns';
import { KassaError } from '../errors';
import { minorDigits } from '../money/currencies';
import { mulDivUp } from '../money/decimal';
import type { Kassa } from '../runtime/Kassa';
import { findRate, type Rate } from './findRate';

export interface ChosenToken {
	token: RegistryToken;
	rate: Rate;
}

/** The token a payer chose on a page, if the page offers it and it can be priced in `currency`. */
export function chosenToken(
	kassa: Pick<Kassa, 'registry' | 'config'>,
	offer: { mode: Mode; currency: string; supportedTokens: TokenRef[] },
	choice: { chain: string; currency: string },
	what: string
): ChosenToken {
	const supported = offer.supportedTokens.some(
		(t) => t.chain === choice.chain && t.currency === choice.currency
	);
	const token = supported
		? kassa.registry.token(offer.mode, choice.chain, choice.currency)
		: undefined;
	const rate = token ? findRate(offer.currency, token, kassa.config.rates) : null;
	if (!token || !rate) {
		throw new KassaError('parameter_invalid', `This ${what} does not offer that token.`, {
			param: 'token'
		});
	}
	return { token, rate };
}

/** A fiat amount in minor units, converted to the token's base units and rounded up. */
export function tokenAmount(
	fiatUnits: bigint,
	fiatCurrency: string,
	{ token, rate }: ChosenToken
): bigint {
	return mulDivUp(
		fiatUnits * 10n ** BigInt(token.decimals),
		rate.numerator,
		rate.denominator * 10n ** BigInt(minorDigits(fiatCurrency))
	);
}
