/** The shopper-facing languages; the first is the fallback. */
export const LOCALES = ['en', 'de', 'fr', 'es', 'pt', 'ja'] as const;
export type Locale = (typeof LOCALES)[number];

/** Each language named in itself, for the switcher. */
export const LOCALE_NAMES: Record<Locale, string> = {
	en: 'English',
	de: 'Deutsch',
	fr: 'Français',
	es: 'Español',
	pt: 'Português',
	ja: '日本語'
};

export function isLocale(value: string | null | undefined): value is Locale {
	return (LOCALES as readonly string[]).includes(value ?? '');
}
