import type { Page } from 'playwright-core';
import { createWalletClient, http, toHex, type Hex } from 'viem';
import { devAccount } from '../../src/lib/server/chain/devChain/devAccounts';

export interface TestWalletOptions {
	/** The node that really sends the transactions. */
	rpcUrl: string;
	chainId: number;
	/** The chain the wallet is on at first (default 1, so the page must ask it to switch). */
	startChainId?: number;
	/** Development account that pays (default 2). */
	account?: number;
	/** Refuse this many transfer requests as a shopper pressing "Reject" would. */
	rejectTransactions?: number;
	/** Refuse to switch networks (an unknown chain to this wallet). */
	refuseSwitch?: boolean;
}

type Answer = {
	result?: unknown;
	error?: { code: number; message: string };
	emit?: [string, unknown];
};

/**
 * An EIP-1193 provider announced through EIP-6963, as a browser extension would inject it; its
 * requests are answered in the test process with a development account on the local chain.
 */
export async function injectTestWallet(page: Page, options: TestWalletOptions) {
	const account = devAccount(options.account ?? 2);
	const signer = createWalletClient({ account, transport: http(options.rpcUrl) });
	const calls: string[] = [];
	let chainId = options.startChainId ?? 1;
	let rejections = options.rejectTransactions ?? 0;
	const refuse = (code: number, message: string): Answer => ({ error: { code, message } });

	async function answer(method: string, params: unknown[]): Promise<Answer> {
		switch (method) {
			case 'eth_chainId':
				return { result: toHex(chainId) };
			case 'eth_accounts':
			case 'eth_requestAccounts':
				return { result: [account.address] };
			case 'wallet_requestPermissions':
				return {
					result: [
						{
							parentCapability: 'eth_accounts',
							caveats: [{ type: 'restrictReturnedAccounts', value: [account.address] }]
						}
					]
				};
			case 'wallet_switchEthereumChain': {
				const wanted = Number((params[0] as { chainId: Hex }).chainId);
				if (options.refuseSwitch || wanted !== options.chainId)
					return refuse(4902, 'Unrecognized chain ID.');
				chainId = wanted;
				return { result: null, emit: ['chainChanged', toHex(chainId)] };
			}
			case 'wallet_addEthereumChain':
				return refuse(-32603, 'This wallet cannot add networks.');
			case 'eth_sendTransaction': {
				if (rejections-- > 0) return refuse(4001, 'User rejected the request.');
				if (chainId !== options.chainId) return refuse(-32000, 'Wrong network.');
				const tx = params[0] as { to: Hex; data?: Hex; value?: Hex; gas?: Hex };
				const hash = await signer.sendTransaction({
					chain: null,
					to: tx.to,
					data: tx.data,
					value: tx.value ? BigInt(tx.value) : undefined,
					gas: tx.gas ? BigInt(tx.gas) : undefined
				});
				return { result: hash };
			}
			default: {
				const response = await fetch(options.rpcUrl, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params })
				});
				const body = (await response.json()) as Answer;
				return body.error ? refuse(body.error.code, body.error.message) : { result: body.result };
			}
		}
	}

	await page.exposeFunction('__kassaTestWallet', async (method: string, params: unknown[]) => {
		calls.push(method);
		return JSON.stringify(await answer(method, params ?? []));
	});
	await page.addInitScript(announceProvider);
	return { calls, address: account.address };
}

/** Runs in the page: the provider object and its EIP-6963 announcement. */
function announceProvider() {
	type Listener = (data: unknown) => void;
	const bridge = Reflect.get(window, '__kassaTestWallet') as (
		m: string,
		p: unknown[]
	) => Promise<string>;
	const listeners = new Map<string, Listener[]>();
	const provider = {
		async request({ method, params }: { method: string; params?: unknown[] }) {
			const answer = JSON.parse(await bridge(method, params ?? []));
			if (answer.error) throw Object.assign(new Error(answer.error.message), answer.error);
			if (answer.emit) for (const fn of listeners.get(answer.emit[0]) ?? []) fn(answer.emit[1]);
			return answer.result;
		},
		on(event: string, fn: Listener) {
			listeners.set(event, [...(listeners.get(event) ?? []), fn]);
			return provider;
		},
		removeListener(event: string, fn: Listener) {
			listeners.set(
				event,
				(listeners.get(event) ?? []).filter((f) => f !== fn)
			);
			return provider;
		}
	};
	const icon =
		'data:image/svg+xml,' +
		encodeURIComponent(
			'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="#3b82f6"/></svg>'
		);
	const detail = Object.freeze({
		info: {
			uuid: '6f1a4c52-4c2e-4d55-9a53-6f0d7d1e2b90',
			name: 'Kassa Test Wallet',
			icon,
			rdns: 'dev.kassa.testwallet'
		},
		provider
	});
	const announce = () =>
		window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
	window.addEventListener('eip6963:requestProvider', announce);
	announce();
}
