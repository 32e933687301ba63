import { getAddress } from 'viem';
import type { PaymentView, StatusBody } from '$lib/checkout/types';
import { intentStatusBody } from '../intents/intentObject';
import type { IntentRow } from '../intents/repo';
import { formatTokenAmount } from '../money/decimal';
import type { Kassa } from '../runtime/Kassa';
import { eip681 } from './eip681';
import { qrSvg } from './qrSvg';

/** Statuses in which the shopper still has something to send. */
const AWAITING = new Set(['requires_payment_method', 'requires_additional_payment']);

/**
 * The chosen token's payment details: what to send, where, on which network, and how it stands.
 * Shared by the checkout page and the payment request page; `page` is the page's own credential
 * for polling and its checkout session status (null on a request page).
 */
export async function paymentView(
	kassa: Kassa,
	intent: IntentRow,
	page: { credential: string; sessionStatus: string | null }
): Promise<PaymentView> {
	const network = kassa.registry.network(intent.mode, intent.chain);
	const token = kassa.registry.token(intent.mode, intent.chain, intent.currency);
	const received = intent.amountPending + intent.amountConfirmed;
	const due = intent.amount > received ? intent.amount - received : 0n;
	const uri =
		due > 0n && AWAITING.has(intent.status)
			? eip681({
					token: intent.tokenAddress,
					chainId: intent.chainId,
					to: intent.address,
					amount: due
				})
			: null;
	const status: StatusBody = intentStatusBody(intent, page.sessionStatus);
	return {
		intentId: intent.id,
		credential: page.credential,
		networkName: network?.name ?? intent.chain,
		chainId: intent.chainId,
		nativeCoin: network?.nativeCoin ?? 'ETH',
		explorerUrl: network?.explorerUrl ?? '',
		standIn: network?.standIn ?? false,
		currency: intent.currency,
		tokenName: token?.name ?? intent.currency,
		tokenLogo: `/logos/tokens/${intent.currency.toLowerCase()}.svg`,
		tokenAddress: getAddress(intent.tokenAddress),
		due: formatTokenAmount(due, intent.decimals),
		dueUnits: due.toString(),
		uri,
		qrSvg: uri ? await qrSvg(uri) : null,
		address: getAddress(intent.address),
		status,
		changeable: intent.status === 'requires_payment_method' && received === 0n
	};
}
