import { useState } from 'react';
import { LANGUAGE_NAMES, type Language } from '@marketplace/shared';
import { chooseLanguage } from '../../i18n/choose';
import { useI18n } from '../../i18n/context';

/** The top bar's switch to the other language, named in that language; the choice is remembered. */
export function LanguageSwitch() {
  const i18n = useI18n();
  const [switching, setSwitching] = useState(false);
  const other: Language = i18n.locale === 'ny' ? 'en' : 'ny';
  async function onSwitch() {
    setSwitching(true);
    try {
      await chooseLanguage(i18n, other);
    } catch {
      // Its catalogue did not arrive (no connection): the page stays as it is, and a tap tries again.
    } finally {
      setSwitching(false);
    }
  }
  return (
    <button
      type="button"
      lang={other}
      onClick={() => void onSwitch()}
      disabled={switching}
      className="inline-flex min-h-11 items-center rounded-md px-1.5 text-sm font-semibold text-teal-800 underline-offset-4 hover:underline disabled:opacity-60"
    >
      {LANGUAGE_NAMES[other]}
    </button>
  );
}
