import type { Config } from '../config/env';
import type { Mode } from '../db/tables/columns';
import { standInTokenAddresses } from './devChain/standInTokenAddresses';
import { NETWORKS, STAND_IN_CHAINS, standInNetwork, type ChainKey, type Network } from './networks';
import {
	TOKEN_DEFINITIONS,
	TOKEN_DEPLOYMENTS,
	type TokenCurrency,
	type TokenDeployment
} from './tokens';

export interface EnabledNetwork extends Network {
	rpcUrl: string;
	standIn: boolean;
	tokens: TokenDeployment[];
}

export interface RegistryToken {
	network: EnabledNetwork;
	currency: TokenCurrency;
	name: string;
	peg: 'USD' | 'EUR';
	decimals: number;
	address: `0x${string}`;
}

export interface Registry {
	networks(mode: Mode): EnabledNetwork[];
	network(mode: Mode, chain: string): EnabledNetwork | undefined;
	token(mode: Mode, chain: string, currency: string): RegistryToken | undefined;
	tokens(mode: Mode): RegistryToken[];
}

/** The networks and tokens each mode offers: live chains with an RPC url, test chains with one or a stand-in. */
export function createRegistry(
	config: Pick<Config, 'rpcUrls' | 'devChains' | 'devChainPort'>
): Registry {
	const enabled: EnabledNetwork[] = [];
	for (const network of NETWORKS) {
		const rpcUrl = config.rpcUrls[`${network.mode}:${network.chain}`];
		if (rpcUrl) {
			enabled.push({
				...network,
				rpcUrl,
				standIn: false,
				tokens: TOKEN_DEPLOYMENTS[network.chainId] ?? []
			});
			continue;
		}
		const slot = STAND_IN_CHAINS.indexOf(network.chain);
		if (network.mode === 'test' && config.devChains && slot >= 0) {
			const addresses = standInTokenAddresses();
			enabled.push({
				...standInNetwork(network),
				rpcUrl: `http://127.0.0.1:${config.devChainPort + slot}`,
				standIn: true,
				tokens: (['USDC', 'USDT', 'EURC'] as const).map((currency) => ({
					currency,
					address: addresses[currency],
					decimals: 6
				}))
			});
		}
	}
	const tokens = enabled.flatMap((network) =>
		network.tokens.map((t): RegistryToken => ({
			...TOKEN_DEFINITIONS[t.currency],
			network,
			decimals: t.decimals,
			address: t.address
		}))
	);
	return {
		networks: (mode) => enabled.filter((n) => n.mode === mode),
		network: (mode, chain) => enabled.find((n) => n.mode === mode && n.chain === chain),
		token: (mode, chain, currency) =>
			tokens.find(
				(t) => t.network.mode === mode && t.network.chain === chain && t.currency === currency
			),
		tokens: (mode) => tokens.filter((t) => t.network.mode === mode)
	};
}

export type { ChainKey };
