import type { Cookies } from '@sveltejs/kit';
import type { Locale } from '$lib/i18n/locales';
import type { Messages } from '$lib/i18n/messages/en';
import { requestMessagesFor } from '$lib/i18n/requestMessages';
import { load as checkoutLocale } from '../../checkout/+layout.server';
import type { LayoutServerLoad } from './$types';

type CheckoutLocaleEvent = Parameters<typeof checkoutLocale>[0];

/**
 * The payer's language, negotiated by the checkout page's own load (query, cookie, then
 * Accept-Language); a choice made here is remembered for `/pay` pages. The request page's words
 * come beside the checkout's, whose components it reuses.
 */
export const load: LayoutServerLoad = async (event) => {
	const cookies: Cookies = {
		...event.cookies,
		set: (name, value, options) => event.cookies.set(name, value, { ...options, path: '/pay' })
	};
	const { locale, messages } = (await checkoutLocale({
		...event,
		cookies
	} as unknown as CheckoutLocaleEvent)) as { locale: Locale; messages: Messages };
	return { locale, messages: { ...messages, ...requestMessagesFor(locale) } };
};
