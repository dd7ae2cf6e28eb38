import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { compileEnglish } from './english';
import { DEFAULT_LANGUAGE, type Language } from '@marketplace/shared';

/** A translator for one language: English straight from the ids, others from their compiled catalogue. */
export function createI18n(language: Language = DEFAULT_LANGUAGE, messages: Messages = {}): I18n {
  const i18n = setupI18n();
  i18n.setMessagesCompiler(compileEnglish);
  i18n.load(language, messages);
  i18n.activate(language);
  return i18n;
}

/** The compiled catalogue of a language other than English, in a chunk of its own (only its readers load it). */
export async function loadCatalogue(language: Language): Promise<Messages> {
  if (language === 'ny') return (await import('./locales/ny.po')).messages;
  return {};
}
