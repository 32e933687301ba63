import { getContractAddress } from 'viem';

/** Development account 0 of the standard test mnemonic deploys the stand-in tokens. */
export const DEPLOYER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const;

export const STAND_IN_TOKENS = ['USDC', 'USDT', 'EURC'] as const;
export type StandInToken = (typeof STAND_IN_TOKENS)[number];

/** Deployed in this order from nonce 0 on a fresh stand-in, so their addresses are known up front. */
export function standInTokenAddresses(): Record<StandInToken, `0x${string}`> {
	const [USDC, USDT, EURC] = STAND_IN_TOKENS.map((_, nonce) =>
		getContractAddress({ from: DEPLOYER, nonce: BigInt(nonce) })
	);
	return { USDC: USDC!, USDT: USDT!, EURC: EURC! };
}
