// The languages of the public screens (docs/decisions/0032): the web app's switch and translations, and
// the server's render and page cache (which read the language cookie).
import { cookieReader, LANGUAGE_COOKIE } from './cookies.js';

export const LANGUAGES = ['en', 'ny'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language named in itself, as the switch offers it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ny: 'Chichewa' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

const languageValue = /*#__PURE__*/ cookieReader(LANGUAGE_COOKIE);

/** The language a cookie header asks for; anything else (none, unknown, malformed) is English. */
export function languageOfCookie(cookie: string | undefined): Language {
  const value = languageValue(cookie);
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}
