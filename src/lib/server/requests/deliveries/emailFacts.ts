import { formatMoney } from '$lib/i18n/formatMoney';
import type { EmailFacts } from '../../email/composeEmail';
import { minorDigits } from '../../money/currencies';
import { formatDecimal } from '../../money/decimal';
import type { Kassa } from '../../runtime/Kassa';
import type { RequestRow } from '../repo';
import { requestUrl } from '../requestObject';

/** What the e-mail says about a request, in its language, from the finalized terms and branding. */
export function emailFacts(kassa: Pick<Kassa, 'config'>, request: RequestRow): EmailFacts {
	const money = (units: bigint) =>
		formatMoney(
			formatDecimal(units, minorDigits(request.currency)),
			request.currency,
			request.locale
		);
	return {
		merchant: request.branding?.display_name || 'Kassa',
		customerName: request.customerName,
		amount: money(request.amount),
		amountPaid: money(request.amountPaid),
		dueAt: request.dueAt,
		url: requestUrl(kassa, request.id),
		description: request.description,
		items: request.lineItems.map((item) => ({
			name: item.name,
			quantity: item.quantity,
			amount: formatMoney(item.amount_total, request.currency, request.locale)
		})),
		supportEmail: request.branding?.support_email ?? null,
		accent: request.branding?.accent_color ?? null,
		testMode: request.mode === 'test'
	};
}
