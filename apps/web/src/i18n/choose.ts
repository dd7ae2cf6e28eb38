import type { I18n } from '@lingui/core';
import { createI18n, loadCatalogue } from './i18n';
import { writeChoiceCookie } from '../lib/storage';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, languageOfCookie, type Language } from '@marketplace/shared';

/** The visitor's choice, from its cookie (English until one is made). */
export function chosenLanguage(): Language {
  return typeof document === 'undefined' ? DEFAULT_LANGUAGE : languageOfCookie(document.cookie);
}

/**
 * The language to start in: a page rendered by the server is hydrated in the language it was rendered in
 * (its <html lang>), else the visitor's choice. Its catalogue is loaded first, so the first render is
 * already in it. A catalogue that cannot be had (a dropped connection before the worker kept it) leaves
 * the shop in English rather than not starting at all.
 */
export async function startI18n(rendered: boolean): Promise<I18n> {
  const htmlLang = document.documentElement.lang;
  const language = rendered && isLanguage(htmlLang) ? htmlLang : chosenLanguage();
  const messages = await loadCatalogue(language).catch(() => null);
  return messages ? createI18n(language, messages) : createI18n(DEFAULT_LANGUAGE);
}

/**
 * Switches the screens to `language` and remembers it, for this browser and the server's renders. Rejects,
 * changing nothing, when its catalogue cannot be loaded: the choice is only remembered once it can be shown.
 */
export async function chooseLanguage(i18n: I18n, language: Language): Promise<void> {
  if (language !== i18n.locale) i18n.load(language, await loadCatalogue(language));
  writeChoiceCookie(LANGUAGE_COOKIE, language);
  i18n.activate(language);
  document.documentElement.lang = language;
}
