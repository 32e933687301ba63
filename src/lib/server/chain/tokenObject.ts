import type { RegistryToken } from './createRegistry';

/** The interface's Token object; logos are served by Kassa itself. */
export function tokenObject(token: RegistryToken, baseUrl: string) {
	return {
		name: token.name,
		chain: token.network.chain,
		currency: token.currency,
		decimals: token.decimals,
		chain_name: token.network.name,
		chain_logo_url: `${baseUrl}/logos/chains/${token.network.chain}.svg`,
		contract_address: token.address,
		currency_logo_url: `${baseUrl}/logos/tokens/${token.currency.toLowerCase()}.svg`
	};
}

export type TokenObject = ReturnType<typeof tokenObject>;
