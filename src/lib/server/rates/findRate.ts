import type { RegistryToken } from '../chain/createRegistry';

export interface Rate {
	/** Token units per one unit of the fiat currency, as exact decimal text. */
	text: string;
	numerator: bigint;
	denominator: bigint;
}

const PEGGED: Rate = { text: '1', numerator: 1n, denominator: 1n };

/** The rate for paying `currency` in `token`: fixed pegs (USD→USDC/USDT/DAI, EUR→EURC). */
export function findRate(currency: string, token: Pick<RegistryToken, 'peg'>): Rate | null {
	return token.peg === currency ? PEGGED : null;
}
