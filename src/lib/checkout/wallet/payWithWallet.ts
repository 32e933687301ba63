import {
	connect,
	createConfig,
	injected,
	switchChain,
	writeContract,
	type Config,
	type Connector
} from '@wagmi/core';
import { custom, defineChain, erc20Abi, type Hash } from 'viem';
import { walletProblem, type WalletProblem } from './walletProblem';

export interface WalletPayment {
	chainId: number;
	networkName: string;
	nativeCoin: string;
	token: `0x${string}`;
	to: `0x${string}`;
	/** Base units. */
	amount: bigint;
}

export interface WalletChoice {
	uid: string;
	name: string;
	icon: string | null;
	connector: Connector;
}

export type WalletStep = 'connecting' | 'switching' | 'confirm' | 'sent';

export class WalletError extends Error {
	override name = 'WalletError';
	constructor(
		readonly problem: WalletProblem,
		cause: unknown
	) {
		super(problem, { cause });
	}
}

// The page reads nothing from the chain itself: the server watches it. Only the wallet talks to it.
const noPublicRpc = custom({
	request: () => Promise.reject(new Error('The checkout page has no RPC of its own.'))
});

const configs = new Map<number, Config>();

function configFor(payment: WalletPayment): Config {
	let config = configs.get(payment.chainId);
	if (!config) {
		const chain = defineChain({
			id: payment.chainId,
			name: payment.networkName,
			nativeCurrency: { name: payment.nativeCoin, symbol: payment.nativeCoin, decimals: 18 },
			rpcUrls: { default: { http: [] } }
		});
		config = createConfig({
			chains: [chain],
			connectors: [injected()],
			transports: { [chain.id]: noPublicRpc },
			multiInjectedProviderDiscovery: true
		});
		configs.set(payment.chainId, config);
	}
	return config;
}

/** Browser wallets announced through EIP-6963 (or the one legacy `window.ethereum`, if that is all). */
export async function discoverWallets(
	payment: WalletPayment,
	waitMs = 250
): Promise<WalletChoice[]> {
	const config = configFor(payment);
	await new Promise((resolve) => setTimeout(resolve, waitMs));
	const announced = config.connectors.filter((c) => c.id !== 'injected');
	const legacy = config.connectors.filter(
		(c) => c.id === 'injected' && 'ethereum' in window && window.ethereum
	);
	return (announced.length > 0 ? announced : legacy).map((connector) => ({
		uid: connector.uid,
		name: connector.name,
		icon: connector.icon?.startsWith('data:image/') ? connector.icon : null,
		connector
	}));
}

/** Connects, moves the wallet to the payment's chain and asks it to send the ERC-20 transfer. */
export async function payWithWallet(
	choice: WalletChoice,
	payment: WalletPayment,
	onStep: (step: WalletStep) => void
): Promise<Hash> {
	const config = configFor(payment);
	let switching = false;
	try {
		onStep('connecting');
		if (config.state.current !== choice.uid) await connect(config, { connector: choice.connector });
		if ((await choice.connector.getChainId()) !== payment.chainId) {
			onStep('switching');
			switching = true;
			await switchChain(config, { chainId: payment.chainId, connector: choice.connector });
			switching = false;
		}
		onStep('confirm');
		const hash = await writeContract(config, {
			address: payment.token,
			abi: erc20Abi,
			functionName: 'transfer',
			args: [payment.to, payment.amount],
			chainId: payment.chainId,
			connector: choice.connector
		});
		onStep('sent');
		return hash;
	} catch (error) {
		throw new WalletError(walletProblem(error, switching), error);
	}
}
