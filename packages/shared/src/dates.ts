// The one way dates and times are written, in the storefront, the back-office and the server's messages
// (docs/decisions/0067): always Malawi time, in English or Chichewa names. Built by hand rather than with
// Intl: ICU on older Android WebViews and in some Node builds has no 'ny' names (Intl falls back to English)
// and may lack the 'Africa/Blantyre' zone, and the server's render and the browser must print the same text.
// The storefront's forms are here; the back-office's, which the public screens never load, in staff-dates.ts.
import { clock, dayMonth, malawiReading, weekday } from './date-parts.js';
import type { Language } from './languages.js';

/**
 * 'Thu, 14 Aug 2025, 2:30 pm' or 'Lachinayi, 14 Ogasiti 2025, 14:30', in Malawi time whatever the phone's
 * zone (a reservation ends by the shops' clock); the text itself when it is not a time.
 */
export function formatDateTime(iso: string, language: Language = 'en'): string {
  const r = malawiReading(iso);
  return r ? `${weekday(r, language)}${dayMonth(r, language)} ${r.year}, ${clock(r, language)}` : iso;
}

/** '3 Dec' or '3 Disembala' in Malawi, for a date the reader knows the year of (a payment just made). */
export function formatDay(iso: string, language: Language = 'en'): string {
  const r = malawiReading(iso);
  return r ? dayMonth(r, language) : iso;
}

/** '3 Dec 2026' or '3 Disembala 2026' in Malawi. */
export function formatDate(iso: string, language: Language = 'en'): string {
  const r = malawiReading(iso);
  return r ? `${dayMonth(r, language)} ${r.year}` : iso;
}
