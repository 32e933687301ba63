import type { Mode } from '../db/tables/columns';

export const CHAIN_KEYS = ['ethereum', 'base', 'arbitrum', 'optimism', 'polygon'] as const;
export type ChainKey = (typeof CHAIN_KEYS)[number];

export interface Network {
	chain: ChainKey;
	mode: Mode;
	chainId: number;
	name: string;
	explorerUrl: string;
	nativeCoin: string;
	blockTimeMs: number;
	/** Blocks on top of the paying block before a payment counts as confirmed. */
	confirmations: number;
	/** Blocks until final when the network has no usable `finalized` tag (stand-ins). */
	finalityDepth: number | null;
}

const live: Network[] = [
	{
		chain: 'ethereum',
		mode: 'live',
		chainId: 1,
		name: 'Ethereum',
		explorerUrl: 'https://etherscan.io',
		nativeCoin: 'ETH',
		blockTimeMs: 12_000,
		confirmations: 3,
		finalityDepth: null
	},
	{
		chain: 'base',
		mode: 'live',
		chainId: 8453,
		name: 'Base',
		explorerUrl: 'https://basescan.org',
		nativeCoin: 'ETH',
		blockTimeMs: 2_000,
		confirmations: 5,
		finalityDepth: null
	},
	{
		chain: 'arbitrum',
		mode: 'live',
		chainId: 42161,
		name: 'Arbitrum One',
		explorerUrl: 'https://arbiscan.io',
		nativeCoin: 'ETH',
		blockTimeMs: 250,
		confirmations: 20,
		finalityDepth: null
	},
	{
		chain: 'optimism',
		mode: 'live',
		chainId: 10,
		name: 'OP Mainnet',
		explorerUrl: 'https://optimistic.etherscan.io',
		nativeCoin: 'ETH',
		blockTimeMs: 2_000,
		confirmations: 5,
		finalityDepth: null
	},
	{
		chain: 'polygon',
		mode: 'live',
		chainId: 137,
		name: 'Polygon PoS',
		explorerUrl: 'https://polygonscan.com',
		nativeCoin: 'POL',
		blockTimeMs: 2_000,
		confirmations: 5,
		finalityDepth: null
	}
];

const test: Network[] = [
	{
		chain: 'ethereum',
		mode: 'test',
		chainId: 11155111,
		name: 'Sepolia (test)',
		explorerUrl: 'https://sepolia.etherscan.io',
		nativeCoin: 'SepoliaETH',
		blockTimeMs: 12_000,
		confirmations: 3,
		finalityDepth: null
	},
	{
		chain: 'base',
		mode: 'test',
		chainId: 84532,
		name: 'Base Sepolia (test)',
		explorerUrl: 'https://sepolia.basescan.org',
		nativeCoin: 'ETH',
		blockTimeMs: 2_000,
		confirmations: 5,
		finalityDepth: null
	},
	{
		chain: 'arbitrum',
		mode: 'test',
		chainId: 421614,
		name: 'Arbitrum Sepolia (test)',
		explorerUrl: 'https://sepolia.arbiscan.io',
		nativeCoin: 'ETH',
		blockTimeMs: 250,
		confirmations: 20,
		finalityDepth: null
	},
	{
		chain: 'optimism',
		mode: 'test',
		chainId: 11155420,
		name: 'OP Sepolia (test)',
		explorerUrl: 'https://sepolia-optimism.etherscan.io',
		nativeCoin: 'ETH',
		blockTimeMs: 2_000,
		confirmations: 5,
		finalityDepth: null
	},
	{
		chain: 'polygon',
		mode: 'test',
		chainId: 80002,
		name: 'Polygon Amoy (test)',
		explorerUrl: 'https://amoy.polygonscan.com',
		nativeCoin: 'POL',
		blockTimeMs: 2_000,
		confirmations: 5,
		finalityDepth: null
	}
];

export const NETWORKS: readonly Network[] = [...live, ...test];

/** Chains that get a local stand-in node in test mode when no test RPC url is configured. */
export const STAND_IN_CHAINS: readonly ChainKey[] = ['ethereum', 'base'];

/** Stand-ins mine a block a second: 2 confirmations, final at 5 blocks (decisions §3.4). */
export function standInNetwork(network: Network): Network {
	return {
		...network,
		name: network.name.replace('(test)', '(local test chain)'),
		explorerUrl: '',
		blockTimeMs: 1_000,
		confirmations: 2,
		finalityDepth: 5
	};
}
