import { isLocale, type Locale } from './locales';

/** The language asked for: `?lang=`, then the switcher's cookie, then Accept-Language, then English. */
export function negotiateLocale(
	query: string | null,
	cookie: string | undefined,
	acceptLanguage: string | null
): Locale {
	if (isLocale(query)) return query;
	if (isLocale(cookie)) return cookie;
	const ranked = (acceptLanguage ?? '')
		.split(',')
		.map((part, index) => {
			const [tag = '', ...params] = part.trim().split(';');
			const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
			return { language: tag.trim().toLowerCase().split('-')[0], q: q ? Number(q) : 1, index };
		})
		.filter((entry) => entry.q > 0)
		.sort((a, b) => b.q - a.q || a.index - b.index);
	return ranked.map((entry) => entry.language).find(isLocale) ?? 'en';
}
