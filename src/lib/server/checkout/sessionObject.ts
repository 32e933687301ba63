import { iso, isoOrNull } from '../api/common';
import { tokenObject, type TokenObject } from '../chain/tokenObject';
import { minorDigits } from '../money/currencies';
import { formatDecimal } from '../money/decimal';
import type { Kassa } from '../runtime/Kassa';
import type { SessionRow } from './repo';
import type { CheckoutSessionObject } from './schemas';

/** A stored session as the API returns it. */
export function sessionObject(
	kassa: Pick<Kassa, 'registry' | 'config'>,
	row: SessionRow
): CheckoutSessionObject {
	const digits = minorDigits(row.currency);
	const base = kassa.config.publicBaseUrl;
	const expand = (ref: { chain: string; currency: string }): TokenObject | null => {
		const token = kassa.registry.token(row.mode, ref.chain, ref.currency);
		return token ? tokenObject(token, base) : null;
	};
	return {
		id: row.id,
		object: 'checkout_session',
		account_id: row.accountId,
		livemode: row.mode === 'live',
		payment_intent_id: row.paymentIntentId,
		success_url: row.successUrl,
		cancel_url: row.cancelUrl,
		return_url: row.returnUrl,
		url: `${base}/checkout?session_id=${row.id}`,
		amount_subtotal: formatDecimal(row.amountSubtotal, digits),
		amount_total: formatDecimal(row.amountTotal, digits),
		currency: row.currency,
		chain: row.chain,
		selected_token: row.selectedToken ? expand(row.selectedToken) : null,
		supported_tokens: row.supportedTokens.map(expand).filter((t): t is TokenObject => t !== null),
		mode: 'payment',
		discounts: row.discounts,
		line_items: row.lineItems.map((item) => ({
			unit_amount: item.unit_amount,
			quantity: item.quantity,
			amount_total: item.amount_total,
			product_data: { name: item.name, description: item.description, images: item.images }
		})),
		status: row.status,
		customer_id: row.customerId,
		customer_email: row.customerEmail,
		client_reference_id: row.clientReferenceId,
		csrf_token: row.csrfToken,
		description: row.description,
		metadata: row.metadata,
		exchange_rate: row.exchangeRate,
		expired_at: iso(row.expiresAt),
		used_at: isoOrNull(row.usedAt),
		accessed_at: isoOrNull(row.accessedAt),
		created_at: iso(row.createdAt),
		updated_at: iso(row.updatedAt)
	};
}
