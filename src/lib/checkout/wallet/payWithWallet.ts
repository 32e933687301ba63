import { connect, createConfig, injected, type Config, type Connector } from '@wagmi/core';
import { custom, type EIP1193Provider, type Hash } from 'viem';
import {
	paymentChain,
	sendTransfer,
	WalletError,
	type WalletPayment,
	type WalletStep
} from './sendTransfer';
import { walletProblem } from './walletProblem';

export { WalletError, type WalletPayment, type WalletStep };

export interface WalletChoice {
	uid: string;
	name: string;
	icon: string | null;
	connector: Connector;
}

// The page reads nothing from the chain itself: the server watches it. Only the wallet talks to it.
const noPublicRpc = custom({
	request: () => Promise.reject(new Error('The checkout page has no RPC of its own.'))
});

const configs = new Map<number, Config>();

function configFor(payment: WalletPayment): Config {
	let config = configs.get(payment.chainId);
	if (!config) {
		const chain = paymentChain(payment);
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
	let provider: EIP1193Provider;
	let account: `0x${string}` | undefined;
	try {
		onStep('connecting');
		if (config.state.current !== choice.uid) await connect(config, { connector: choice.connector });
		provider = (await choice.connector.getProvider()) as EIP1193Provider;
		[account] = await choice.connector.getAccounts();
		if (!account) throw new Error('The wallet shared no account.');
	} catch (error) {
		throw new WalletError(walletProblem(error), error);
	}
	return sendTransfer(provider, account, payment, onStep);
}
