import { iso, isoOrNull } from '../api/common';
import { tokenObject, type TokenObject } from '../chain/tokenObject';
import { minorDigits } from '../money/currencies';
import { formatDecimal } from '../money/decimal';
import type { Kassa } from '../runtime/Kassa';
import type { PaymentRequestObject } from './objectSchemas';
import type { RequestRow } from './repo';

/** The public page of a finalized request; its id (≥ 128 random bits) is the capability. */
export const requestUrl = (kassa: Pick<Kassa, 'config'>, id: string) =>
	`${kassa.config.publicBaseUrl}/pay/${id}`;

/** What is still to send: the amount less what is paid or on its way; nothing once paid. */
export function amountDue(row: RequestRow): bigint {
	if (row.status === 'paid') return 0n;
	const due = row.amount - row.amountPaid - row.amountProcessing;
	return due > 0n ? due : 0n;
}

/** A stored request as the API returns it. */
export function requestObject(
	kassa: Pick<Kassa, 'registry' | 'config'>,
	row: RequestRow
): PaymentRequestObject {
	const digits = minorDigits(row.currency);
	const fiat = (units: bigint) => formatDecimal(units, digits);
	const base = kassa.config.publicBaseUrl;
	const expand = (ref: { chain: string; currency: string }): TokenObject | null => {
		const token = kassa.registry.token(row.mode, ref.chain, ref.currency);
		return token ? tokenObject(token, base) : null;
	};
	return {
		id: row.id,
		object: 'payment_request',
		account_id: row.accountId,
		livemode: row.mode === 'live',
		status: row.status,
		currency: row.currency,
		amount: fiat(row.amount),
		amount_paid: fiat(row.amountPaid),
		amount_processing: fiat(row.amountProcessing),
		amount_due: fiat(amountDue(row)),
		line_items: row.lineItems.map((item) => ({
			unit_amount: item.unit_amount,
			quantity: item.quantity,
			amount_total: item.amount_total,
			product_data: { name: item.name, description: item.description, images: item.images }
		})),
		supported_tokens: row.supportedTokens.map(expand).filter((t): t is TokenObject => t !== null),
		customer_email: row.customerEmail,
		customer_name: row.customerName,
		description: row.description,
		metadata: row.metadata,
		locale: row.locale,
		due_at: isoOrNull(row.dueAt),
		overdue: row.overdue,
		url: row.finalizedAt ? requestUrl(kassa, row.id) : null,
		branding: row.branding,
		replaces: row.replaces,
		replaced_by: row.replacedBy,
		finalized_at: isoOrNull(row.finalizedAt),
		paid_at: isoOrNull(row.paidAt),
		canceled_at: isoOrNull(row.canceledAt),
		created_at: iso(row.createdAt),
		updated_at: iso(row.updatedAt)
	};
}
