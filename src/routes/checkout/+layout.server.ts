import { isLocale } from '$lib/i18n/locales';
import { messagesFor } from '$lib/i18n/messagesFor';
import { negotiateLocale } from '$lib/i18n/negotiateLocale';
import type { LayoutServerLoad } from './$types';

const LANG_COOKIE = 'kassa_lang';

/** The shopper's language, for the page and for its error page alike. */
export const load: LayoutServerLoad = ({ url, cookies, request, locals }) => {
	const asked = url.searchParams.get('lang');
	const locale = negotiateLocale(
		asked,
		cookies.get(LANG_COOKIE),
		request.headers.get('accept-language')
	);
	if (isLocale(asked)) {
		cookies.set(LANG_COOKIE, asked, {
			path: '/checkout',
			maxAge: 365 * 24 * 3600,
			httpOnly: true,
			sameSite: 'lax',
			secure: url.protocol === 'https:'
		});
	}
	// Read by the handle hook to fill <html lang="%lang%">.
	locals.lang = locale;
	return { locale, messages: messagesFor(locale) };
};
