import { createPublicClient, createWalletClient, defineChain, http, type Hash } from 'viem';
import type { EnabledNetwork } from '../chain/createRegistry';
import { testTokenAbi } from '../chain/contracts/testToken';
import { devAccount } from '../chain/devChain/devAccounts';
import { KassaError } from '../errors';
import { findIntentById, type IntentRow } from '../intents/repo';
import type { Kassa } from '../runtime/Kassa';
import { checkCsrf, findSessionForPage } from './findSessionForPage';

export interface SimulatePaymentInput {
	sessionId: string;
	csrfToken: string | null;
	/** Base units to send; by default what is still due. */
	amount?: bigint;
}

/** The payer on stand-in chains: development account 1, funded by deployTestTokens. */
const PAYER = 1;
let sending: Promise<unknown> = Promise.resolve();

/**
 * The test page's "simulate payment": sends the intent's token from a development account through
 * the real local chain, so the watcher sees an ordinary transfer. Test mode, stand-in chains and
 * the session's csrf token only.
 */
export async function simulatePayment(kassa: Kassa, input: SimulatePaymentInput): Promise<Hash> {
	const session = await findSessionForPage(kassa.db, input.sessionId);
	if (!session)
		throw new KassaError('resource_missing', 'No such checkout session.', { param: 'session_id' });
	checkCsrf(session, input.csrfToken);
	const refuse = (message: string) => new KassaError('parameter_invalid', message);
	if (session.mode !== 'test') throw refuse('Payments can be simulated only in test mode.');
	const intent = session.paymentIntentId
		? await findIntentById(kassa.db, session.paymentIntentId)
		: undefined;
	if (!intent) throw refuse('Choose a token before simulating a payment.');
	return simulateIntentPayment(kassa, intent, input.amount);
}

/**
 * Sends `amount` (by default what is still due) to a test-mode intent's address from a development
 * account; stand-in chains only. Shared with the payment request page; callers check mode and csrf.
 */
export async function simulateIntentPayment(
	kassa: Kassa,
	intent: IntentRow,
	amount?: bigint
): Promise<Hash> {
	const refuse = (message: string) => new KassaError('parameter_invalid', message);
	const network = kassa.registry.network('test', intent.chain);
	if (!network?.standIn || network.chainId !== intent.chainId)
		throw refuse('Payments can be simulated only on a local test chain.');
	const units = amount ?? intent.amount - intent.amountPending - intent.amountConfirmed;
	if (units <= 0n) throw refuse('Nothing is due on this payment.');
	// One send at a time: concurrent sends from one account would race for its nonce.
	const send = sending.then(() =>
		transfer(network, intent.tokenAddress as `0x${string}`, intent.address as `0x${string}`, units)
	);
	sending = send.catch(() => undefined);
	return send;
}

async function transfer(
	network: EnabledNetwork,
	token: `0x${string}`,
	to: `0x${string}`,
	amount: bigint
): Promise<Hash> {
	const chain = defineChain({
		id: network.chainId,
		name: network.name,
		nativeCurrency: { name: network.nativeCoin, symbol: network.nativeCoin, decimals: 18 },
		rpcUrls: { default: { http: [network.rpcUrl] } }
	});
	const transport = http(network.rpcUrl);
	const wallet = createWalletClient({ chain, account: devAccount(PAYER), transport });
	// With `chain` set, viem first checks that the node answers with that chain id.
	const hash = await wallet.writeContract({
		address: token,
		abi: testTokenAbi,
		functionName: 'transfer',
		args: [to, amount]
	});
	const client = createPublicClient({ chain, transport, cacheTime: 0, pollingInterval: 250 });
	await client.waitForTransactionReceipt({ hash, timeout: 30_000 });
	return hash;
}
