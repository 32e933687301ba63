import type { RegistryToken } from '../chain/createRegistry';

export interface Rate {
	/** Token units per one unit of the fiat currency, as exact decimal text. */
	text: string;
	numerator: bigint;
	denominator: bigint;
}

/** Operator rates by `FIAT/TARGET`, where TARGET is a token (`GBP/USDC`) or a peg (`GBP/USD`). */
export type RateTable = ReadonlyMap<string, Rate>;

export const NO_RATES: RateTable = new Map();

const PEGGED: Rate = { text: '1', numerator: 1n, denominator: 1n };

/**
 * The rate for paying `currency` in `token`: the fixed peg (USD→USDC/USDT/DAI, EUR→EURC), else the
 * operator's rate for that token, else the operator's rate to the token's peg.
 */
export function findRate(
	currency: string,
	token: Pick<RegistryToken, 'peg' | 'currency'>,
	table: RateTable = NO_RATES
): Rate | null {
	if (token.peg === currency) return PEGGED;
	return (
		table.get(`${currency}/${token.currency}`) ?? table.get(`${currency}/${token.peg}`) ?? null
	);
}
