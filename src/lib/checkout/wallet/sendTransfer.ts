import {
	createWalletClient,
	custom,
	defineChain,
	erc20Abi,
	type Address,
	type EIP1193Provider,
	type Hash
} from 'viem';
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

/** The payment's chain as the wallet is told about it; the page itself has no RPC to read it. */
export function paymentChain(payment: WalletPayment) {
	return defineChain({
		id: payment.chainId,
		name: payment.networkName,
		nativeCurrency: { name: payment.nativeCoin, symbol: payment.nativeCoin, decimals: 18 },
		rpcUrls: { default: { http: [] } }
	});
}

/**
 * Moves a connected EIP-1193 wallet (a browser wallet or WalletConnect) to the payment's chain and
 * asks it to send the ERC-20 transfer. Every request goes to the wallet; failures come back as a
 * `WalletError` the page can explain.
 */
export async function sendTransfer(
	provider: EIP1193Provider,
	account: Address,
	payment: WalletPayment,
	onStep: (step: WalletStep) => void
): Promise<Hash> {
	const chain = paymentChain(payment);
	const client = createWalletClient({ account, chain, transport: custom(provider) });
	let switching = false;
	try {
		if ((await client.getChainId()) !== payment.chainId) {
			onStep('switching');
			switching = true;
			await client.switchChain({ id: payment.chainId });
			switching = false;
		}
		onStep('confirm');
		const hash = await client.writeContract({
			address: payment.token,
			abi: erc20Abi,
			functionName: 'transfer',
			args: [payment.to, payment.amount]
		});
		onStep('sent');
		return hash;
	} catch (error) {
		throw new WalletError(walletProblem(error, switching), error);
	}
}
