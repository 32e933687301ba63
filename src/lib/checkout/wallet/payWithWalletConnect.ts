import { EthereumProvider } from '@walletconnect/ethereum-provider';
import type { EIP1193Provider, Hash } from 'viem';
import { sendTransfer, WalletError, type WalletPayment, type WalletStep } from './sendTransfer';
import { walletProblem, type WalletProblem } from './walletProblem';

/** What the page can tell the shopper: the wallet's own answers, and WalletConnect's own failures. */
export type WalletConnectProblem = WalletProblem | 'unreachable' | 'closed';

export class WalletConnectError extends Error {
	override name = 'WalletConnectError';
	constructor(
		readonly problem: WalletConnectProblem,
		cause: unknown
	) {
		super(problem, { cause });
	}
}

/** How long the WalletConnect relay may take to answer before the page says it cannot reach it. */
export const RELAY_TIMEOUT_MS = 15_000;

// WalletConnect's error codes for a proposal the wallet refused (5000-5003: the shopper said no;
// 5100-5103: the wallet does not support the chain or methods asked for).
const refused = (code: number) => code >= 5000 && code <= 5003;
const unsupported = (code: number) => code >= 5100 && code <= 5103;

type Provider = Awaited<ReturnType<typeof EthereumProvider.init>>;
let cached: { key: string; provider: Provider } | undefined;

function timeout(ms: number) {
	let timer: ReturnType<typeof setTimeout> | undefined;
	const promise = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(new WalletConnectError('unreachable', 'timeout')), ms);
	});
	return { promise, clear: () => clearTimeout(timer) };
}

async function providerFor(projectId: string, payment: WalletPayment): Promise<Provider> {
	const key = `${projectId}:${payment.chainId}`;
	if (cached?.key === key) return cached.provider;
	const provider = await EthereumProvider.init({
		projectId,
		chains: [payment.chainId],
		showQrModal: true,
		// The page has no RPC of its own; WalletConnect's default serves the few reads it makes.
		metadata: {
			name: document.title,
			description: 'Stablecoin checkout',
			url: location.origin,
			icons: []
		},
		telemetryEnabled: false
	});
	cached = { key, provider };
	return provider;
}

/** Waits for the relay: connected, or a clear "unreachable" once `ms` has passed without it. */
async function relayReachable(provider: Provider, ms: number, stop: AbortSignal): Promise<void> {
	const relayer = provider.signer.client.core.relayer;
	const until = Date.now() + ms;
	while (!relayer.connected) {
		if (stop.aborted) return;
		if (Date.now() > until) throw new WalletConnectError('unreachable', 'relay');
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

function problemOf(error: unknown): WalletConnectProblem {
	if (error instanceof WalletConnectError || error instanceof WalletError) return error.problem;
	const code = Reflect.get(Object(error), 'code');
	if (typeof code === 'number' && refused(code)) return 'rejected';
	if (typeof code === 'number' && unsupported(code)) return 'wrongChain';
	// The provider's own words when the shopper closes the QR window before a wallet connects.
	if (
		/connection request reset|user closed|modal closed/i.test(
			String(Reflect.get(Object(error), 'message'))
		)
	)
		return 'closed';
	return walletProblem(error);
}

/**
 * Pays through WalletConnect: shows its QR window, waits for a wallet to connect, then sends the
 * transfer exactly as a browser wallet does. A relay that cannot be reached is reported, not waited on.
 */
export async function payWithWalletConnect(
	projectId: string,
	payment: WalletPayment,
	onStep: (step: WalletStep) => void,
	relayTimeoutMs = RELAY_TIMEOUT_MS
): Promise<Hash> {
	let provider: Provider | undefined;
	const done = new AbortController();
	try {
		onStep('connecting');
		const starting = timeout(relayTimeoutMs);
		try {
			provider = await Promise.race([providerFor(projectId, payment), starting.promise]);
		} finally {
			starting.clear();
		}
		if (!provider.session) {
			const connecting = provider.connect({ chains: [payment.chainId] });
			const watchdog = relayReachable(provider, relayTimeoutMs, done.signal).then(() => connecting);
			try {
				await Promise.race([connecting, watchdog]);
			} catch (error) {
				if (error instanceof WalletConnectError) {
					connecting.catch(() => undefined);
					await provider.modal?.close?.();
					provider.signer.abortPairingAttempt();
				}
				throw error;
			}
		}
		const [account] = provider.accounts as `0x${string}`[];
		if (!account) throw new Error('The wallet shared no account.');
		return await sendTransfer(provider as unknown as EIP1193Provider, account, payment, onStep);
	} catch (error) {
		throw new WalletConnectError(problemOf(error), error);
	} finally {
		done.abort();
	}
}
