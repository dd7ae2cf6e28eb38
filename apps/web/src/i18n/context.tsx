import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { I18n } from '@lingui/core';
import { createI18n } from './i18n';

// The public screens' translator (docs/decisions/0032). Outside a LanguageProvider (the back-office, a
// component under test) it is English, so nothing needs wrapping to read English.
const english = createI18n('en');
const ENGLISH = { i18n: english, locale: english.locale };
const I18nContext = createContext(ENGLISH);

/** The translator of the screen being rendered: `i18n._('English text', { placeholders })`. */
export function useI18n(): I18n {
  return useContext(I18nContext).i18n;
}

/** The back-office: English whatever the visitor chose, and `<html lang>` says so while it is shown. */
export function InEnglish({ children }: { children: ReactNode }) {
  useEffect(() => {
    const before = document.documentElement.lang;
    document.documentElement.lang = 'en';
    return () => {
      document.documentElement.lang = before;
    };
  }, []);
  return <I18nContext value={ENGLISH}>{children}</I18nContext>;
}

/** Gives the screens below `i18n`, and renders them again whenever its language changes. */
export function LanguageProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const [value, setValue] = useState(() => ({ i18n, locale: i18n.locale }));
  useEffect(() => {
    const changed = () => setValue({ i18n, locale: i18n.locale });
    // Switched between the first render and this effect: catch up.
    if (value.i18n !== i18n || value.locale !== i18n.locale) changed();
    return i18n.on('change', changed);
  }, [i18n, value]);
  return <I18nContext value={value}>{children}</I18nContext>;
}
