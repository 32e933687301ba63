import type { PaymentView } from '$lib/checkout/types';
import { eip681 } from '../../checkout/eip681';
import { qrSvg } from '../../checkout/qrSvg';
import { intentStatusBody } from '../../intents/intentObject';
import type { IntentRow } from '../../intents/repo';
import { formatTokenAmount } from '../../money/decimal';
import type { Kassa } from '../../runtime/Kassa';
import { requestToken } from '../pageAccess';

/** Statuses in which the payer still has something to send. */
const AWAITING = new Set(['requires_payment_method', 'requires_additional_payment']);

/** The issued address's payment details, in the checkout page's shape so its components fit. */
export async function requestPaymentView(
	kassa: Kassa,
	requestId: string,
	intent: IntentRow
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
	return {
		intentId: intent.id,
		credential: requestToken(kassa.secrets, requestId),
		networkName: network?.name ?? intent.chain,
		chainId: intent.chainId,
		nativeCoin: network?.nativeCoin ?? 'ETH',
		explorerUrl: network?.explorerUrl ?? '',
		standIn: network?.standIn ?? false,
		currency: intent.currency,
		tokenName: token?.name ?? intent.currency,
		tokenLogo: `/logos/tokens/${intent.currency.toLowerCase()}.svg`,
		tokenAddress: intent.tokenAddress,
		due: formatTokenAmount(due, intent.decimals),
		dueUnits: due.toString(),
		uri,
		qrSvg: uri ? await qrSvg(uri) : null,
		address: intent.address,
		status: intentStatusBody(intent, null),
		changeable: intent.status === 'requires_payment_method' && received === 0n
	};
}
