import type { TokenRef } from '../db/tables/checkout';
import type { Mode } from '../db/tables/columns';
import { KassaError } from '../errors';
import { findRate } from './findRate';
import type { Kassa } from '../runtime/Kassa';

/** The requested tokens (each offered in this mode and priced from `currency`), or all that are. */
export function chooseTokens(
	kassa: Pick<Kassa, 'registry' | 'config'>,
	mode: Mode,
	currency: string,
	requested: TokenRef[] | undefined
): TokenRef[] {
	const offered = kassa.registry.tokens(mode);
	if (!requested) {
		const usable = offered.filter((t) => findRate(currency, t, kassa.config.rates));
		if (usable.length === 0) {
			throw new KassaError(
				'parameter_invalid',
				`No token in ${mode} mode can be priced in ${currency}.`,
				{ param: 'currency' }
			);
		}
		return usable.map((t) => ({ chain: t.network.chain, currency: t.currency }));
	}
	const seen = new Set<string>();
	return requested.map((ref, i) => {
		const param = `supported_tokens[${i}]`;
		const chain = ref.chain.toLowerCase();
		const tokenCurrency = ref.currency.toUpperCase();
		const token = kassa.registry.token(mode, chain, tokenCurrency);
		if (!token) {
			const choices = offered.map((t) => `${t.network.chain}/${t.currency}`).join(', ') || 'none';
			throw new KassaError(
				'parameter_invalid',
				`Unknown token ${ref.currency} on chain ${ref.chain} in ${mode} mode (offered: ${choices}).`,
				{ param }
			);
		}
		if (!findRate(currency, token, kassa.config.rates)) {
			throw new KassaError(
				'parameter_invalid',
				`No exchange rate from ${currency} to ${tokenCurrency} is configured.`,
				{ param }
			);
		}
		const key = `${chain}/${tokenCurrency}`;
		if (seen.has(key))
			throw new KassaError('parameter_invalid', `${key} is listed twice.`, { param });
		seen.add(key);
		return { chain, currency: tokenCurrency };
	});
}
