import type { ChainKey } from './networks';

export const TOKEN_CURRENCIES = ['USDC', 'USDT', 'EURC', 'DAI'] as const;
export type TokenCurrency = (typeof TOKEN_CURRENCIES)[number];

export interface TokenDefinition {
	currency: TokenCurrency;
	name: string;
	/** The fiat currency the token is pegged to. */
	peg: 'USD' | 'EUR';
}

export const TOKEN_DEFINITIONS: Record<TokenCurrency, TokenDefinition> = {
	USDC: { currency: 'USDC', name: 'USD Coin', peg: 'USD' },
	USDT: { currency: 'USDT', name: 'Tether USD', peg: 'USD' },
	EURC: { currency: 'EURC', name: 'EURC', peg: 'EUR' },
	DAI: { currency: 'DAI', name: 'Dai', peg: 'USD' }
};

export interface TokenDeployment {
	currency: TokenCurrency;
	address: `0x${string}`;
	decimals: number;
}

const d = (currency: TokenCurrency, address: `0x${string}`): TokenDeployment => ({
	currency,
	address,
	decimals: currency === 'DAI' ? 18 : 6
});

/** Real contracts (chain-facts.md), keyed by chain id. */
export const TOKEN_DEPLOYMENTS: Record<number, TokenDeployment[]> = {
	1: [
		d('USDC', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'),
		d('USDT', '0xdAC17F958D2ee523a2206206994597C13D831ec7'),
		d('EURC', '0x1aBaEA1f7C830bD89Acc67eC4af516284b1bC33c'),
		d('DAI', '0x6B175474E89094C44Da98b954EedeAC495271d0F')
	],
	8453: [
		d('USDC', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'),
		d('USDT', '0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2'),
		d('EURC', '0x60a3E35Cc302bFA44Cb288Bc5a4F316Fdb1adb42'),
		d('DAI', '0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb')
	],
	42161: [
		d('USDC', '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'),
		d('USDT', '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9'),
		d('DAI', '0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1')
	],
	10: [
		d('USDC', '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85'),
		d('USDT', '0x01bFF41798a0BcF287b996046Ca68b395DbC1071'),
		d('DAI', '0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1')
	],
	137: [
		d('USDC', '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359'),
		d('USDT', '0xc2132D05D31c914a87C6611C10748AEb04B58e8F'),
		d('DAI', '0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063')
	],
	11155111: [
		d('USDC', '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238'),
		d('EURC', '0x08210F9170F89Ab7658F0B5E3fF39b0E03C594D4')
	],
	84532: [
		d('USDC', '0x036CbD53842c5426634e7929541eC2318f3dCF7e'),
		d('EURC', '0x808456652fdb597867f38412077A9182bf77359F')
	]
};

export type { ChainKey };
