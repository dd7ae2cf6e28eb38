import { useI18n } from '../../i18n/context';

/**
 * The terms the box next to it accepts. A new tab, so reading them loses nothing: the draft keeps what is typed
 * but not the chosen photos. noopener: the terms page gets no handle on this form's window.
 */
export function TermsLink() {
  const i18n = useI18n();
  return (
    <a
      href="/terms"
      target="_blank"
      rel="noopener"
      className="ml-8 inline-flex min-h-11 items-center text-sm font-medium text-teal-800 underline underline-offset-2 hover:text-teal-900"
    >
      {i18n._('Read the terms and conditions')}
      <span className="sr-only"> {i18n._('(opens in a new tab)')}</span>
    </a>
  );
}
