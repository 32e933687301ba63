import type { Locale } from './locales';
import { de } from './messages/de';
import { en, type Messages } from './messages/en';
import { es } from './messages/es';
import { fr } from './messages/fr';
import { ja } from './messages/ja';
import { pt } from './messages/pt';

const ALL: Record<Locale, Messages> = { en, de, fr, es, pt, ja };

/** One language's messages; the server sends only these to the page, so the bundle holds none. */
export function messagesFor(locale: Locale): Messages {
	return ALL[locale];
}
