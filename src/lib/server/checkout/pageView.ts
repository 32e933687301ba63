import type { CheckoutView, NetworkGroup } from '$lib/checkout/types';
import { formatMoney } from '$lib/i18n/formatMoney';
import type { Locale } from '$lib/i18n/locales';
import { findAccount } from '../accounts/repo';
import { findIntentById } from '../intents/repo';
import { minorDigits } from '../money/currencies';
import { formatDecimal } from '../money/decimal';
import { findRate } from '../rates/findRate';
import type { Kassa } from '../runtime/Kassa';
import { paymentView } from './paymentView';
import { sessionToken } from './sessionToken';
import type { SessionRow } from './repo';

const HTTP_URL = /^https?:\/\/[^\s"'<>]+$/i;
const HEX_COLOR = /^#[0-9a-f]{6}$/i;
const httpUrl = (url: string | null | undefined) => (url && HTTP_URL.test(url) ? url : null);

/**
 * Everything the hosted page shows, built from the session: the merchant's branding, the order,
 * the tokens on offer and the chosen payment. Nothing of the merchant beyond what the shopper sees.
 */
export async function pageView(
	kassa: Kassa,
	session: SessionRow,
	options: { locale: Locale; choose: boolean }
): Promise<CheckoutView> {
	const account = await findAccount(kassa.db, session.accountId);
	const money = (amount: string) => formatMoney(amount, session.currency, options.locale);
	const digits = minorDigits(session.currency);
	const intent = session.paymentIntentId
		? await findIntentById(kassa.db, session.paymentIntentId)
		: undefined;
	const payment = intent
		? await paymentView(kassa, intent, {
				credential: sessionToken(kassa.secrets, session.id),
				sessionStatus: session.status
			})
		: null;
	const id = session.id;
	return {
		sessionId: id,
		state: session.status,
		testMode: session.mode === 'test',
		merchant: {
			name: account?.displayName || account?.name || '',
			logoUrl: httpUrl(account?.logoUrl),
			accent:
				account?.accentColor && HEX_COLOR.test(account.accentColor) ? account.accentColor : null,
			email: account?.supportEmail ?? null
		},
		items: session.lineItems.map((item) => ({
			name: item.name,
			description: item.description,
			image: httpUrl(item.images[0]),
			quantity: item.quantity,
			amount: money(item.amount_total)
		})),
		subtotal: money(formatDecimal(session.amountSubtotal, digits)),
		discounts: session.discounts.map((d) => ({ name: d.name, amount: money(`-${d.amount}`) })),
		total: money(formatDecimal(session.amountTotal, digits)),
		expiresAt: session.expiresAt.toISOString(),
		networks: networkGroups(kassa, session),
		choosing: session.status === 'open' && (!payment || (options.choose && payment.changeable)),
		payment,
		csrfToken: session.csrfToken,
		successUrl: successUrl(session),
		cancelUrl: session.cancelUrl,
		...(kassa.config.walletConnectProjectId
			? { walletConnectProjectId: kassa.config.walletConnectProjectId }
			: {})
	};
}

/** The session's tokens that can be paid now, grouped by network in the merchant's order. */
function networkGroups(kassa: Kassa, session: SessionRow): NetworkGroup[] {
	const groups = new Map<string, NetworkGroup>();
	for (const ref of session.supportedTokens) {
		const token = kassa.registry.token(session.mode, ref.chain, ref.currency);
		if (!token || !findRate(session.currency, token)) continue;
		let group = groups.get(ref.chain);
		if (!group) {
			group = {
				chain: ref.chain,
				name: token.network.name,
				logo: `/logos/chains/${ref.chain}.svg`,
				tokens: []
			};
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

/** The session's success_url with `{CHECKOUT_SESSION_ID}` filled in. */
export function successUrl(session: Pick<SessionRow, 'id' | 'successUrl'>): string {
	return session.successUrl.replace(
		/\{CHECKOUT_SESSION_ID\}|%7BCHECKOUT_SESSION_ID%7D/gi,
		session.id
	);
}
