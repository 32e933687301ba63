import type { LineItemView, NetworkGroup, PaymentView } from '$lib/checkout/types';
import { formatMoney } from '$lib/i18n/formatMoney';
import type { Locale } from '$lib/i18n/locales';
import { FINAL_STATUSES } from '../../intents/nextIntentStatus';
import { minorDigits } from '../../money/currencies';
import { formatDecimal } from '../../money/decimal';
import { findRate } from '../../rates/findRate';
import type { Kassa } from '../../runtime/Kassa';
import { findRequestById, requestIntents, type RequestRow } from '../repo';
import { amountDue } from '../requestObject';
import { paymentView } from '../../checkout/paymentView';
import { requestToken } from '../pageAccess';

const HTTP_URL = /^https?:\/\/[^\s"'<>]+$/i;
const HEX_COLOR = /^#[0-9a-f]{6}$/i;
const httpUrl = (url: string | null | undefined) => (url && HTTP_URL.test(url) ? url : null);

/** What the public request page shows; built on the server, safe to show to the payer. */
export interface RequestView {
	requestId: string;
	state: 'open' | 'paid' | 'canceled';
	testMode: boolean;
	overdue: boolean;
	/** The branding snapshotted at finalization, not the account's current one. */
	merchant: { name: string; logoUrl: string | null; accent: string | null; email: string | null };
	customerName: string | null;
	description: string | null;
	items: LineItemView[];
	total: string;
	paid: string;
	due: string;
	dueAt: string | null;
	networks: NetworkGroup[];
	/** Show the token choice: nothing issued yet, the last address is spent, or the payer asked. */
	choosing: boolean;
	payment: PaymentView | null;
	csrfToken: string;
	locale: Locale;
}

/** The page loader's data for `/pay/<id>`; null for an unknown id or a draft (both answer 404). */
export async function requestPageView(
	kassa: Kassa,
	id: string,
	options: { locale: Locale; choose?: boolean }
): Promise<RequestView | null> {
	const row = await findRequestById(kassa.db, id);
	if (!row || row.status === 'draft') return null;
	const digits = minorDigits(row.currency);
	const money = (units: bigint) =>
		formatMoney(formatDecimal(units, digits), row.currency, options.locale);
	const latest = (await requestIntents(kassa.db, row.id)).at(-1);
	const current =
		row.status === 'open' && latest && !FINAL_STATUSES.has(latest.status) ? latest : undefined;
	const payment = current
		? await paymentView(kassa, current, {
				credential: requestToken(kassa.secrets, row.id),
				sessionStatus: null
			})
		: null;
	const branding = row.branding;
	const accent = branding?.accent_color;
	const due = amountDue(row);
	return {
		requestId: row.id,
		state: row.status,
		testMode: row.mode === 'test',
		overdue: row.overdue,
		merchant: {
			name: branding?.display_name ?? '',
			logoUrl: httpUrl(branding?.logo_url),
			accent: accent && HEX_COLOR.test(accent) ? accent : null,
			email: branding?.support_email ?? null
		},
		customerName: row.customerName,
		description: row.description,
		items: row.lineItems.map((item) => ({
			name: item.name,
			description: item.description,
			image: httpUrl(item.images[0]),
			quantity: item.quantity,
			amount: formatMoney(item.amount_total, row.currency, options.locale)
		})),
		total: money(row.amount),
		paid: money(row.amountPaid),
		due: money(due),
		dueAt: row.dueAt?.toISOString() ?? null,
		networks: networkGroups(kassa, row),
		choosing:
			row.status === 'open' &&
			due > 0n &&
			(!payment || payment.uri === null || ((options.choose ?? false) && payment.changeable)),
		payment,
		csrfToken: row.csrfToken,
		locale: options.locale
	};
}

/** The request's tokens that can be paid now, grouped by network in the merchant's order. */
function networkGroups(kassa: Kassa, row: RequestRow): NetworkGroup[] {
	const groups = new Map<string, NetworkGroup>();
	for (const ref of row.supportedTokens) {
		const token = kassa.registry.token(row.mode, ref.chain, ref.currency);
		if (!token || !findRate(row.currency, token, kassa.config.rates)) continue;
		let group = groups.get(ref.chain);
		if (!group) {
			const logo = `/logos/chains/${ref.chain}.svg`;
			group = { chain: ref.chain, name: token.network.name, logo, tokens: [] };
			groups.set(ref.chain, group);
		}
		group.tokens.push({
			value: `${ref.chain}:${ref.currency}`,
			currency: token.currency,
			name: token.name,
			logo: `/logos/tokens/${token.currency.toLowerCase()}.svg`
		});
	}
	return [...groups.values()];
}
