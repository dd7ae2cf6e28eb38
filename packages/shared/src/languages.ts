// The languages of the public screens (docs/decisions/0032): the web app's switch and translations, and
// the server's render and page cache (which read the language cookie).
export const LANGUAGES = ['en', 'ny'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language named in itself, as the switch offers it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ny: 'Chichewa' };

/** The cookie that carries the visitor's choice to the server's render. */
export const LANGUAGE_COOKIE = 'lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language a cookie header asks for; anything else (none, unknown, malformed) is English. */
const COOKIE_VALUE = /(?:^|;\s*)lang=([^;]*)/;

export function languageOfCookie(cookie: string | undefined): Language {
  const value = COOKIE_VALUE.exec(cookie ?? '')?.[1];
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}
