// The back-office's date forms (docs/decisions/0067): English, Malawi time like the storefront's (dates.ts).
import { calendarReading, clock, dayMonth, malawiReading, MONTHS_EN_LONG, WEEKDAYS_EN_LONG } from './date-parts.js';

/** The back-office's moment: '14 Aug 2025, 2:30 pm', Malawi time like the storefront (staff work by the shops' clock). */
export function formatStaffTime(iso: string): string {
  const r = malawiReading(iso);
  return r ? `${dayMonth(r, 'en')} ${r.year}, ${clock(r, 'en')}` : iso;
}

/** '3 Dec 14:05' in Malawi: a short moment in a list of events. */
export function formatShortMoment(iso: string): string {
  const r = malawiReading(iso);
  return r ? `${dayMonth(r, 'en')} ${clock(r, 'ny')}` : iso;
}

/**
 * A calendar day 'YYYY-MM-DD' (no zone: it already is a day) as '3 Dec 2026', '3 Dec' without the year,
 * or 'Thursday, 3 December' in full; the text itself when it is not such a day.
 */
export function formatCalendarDay(date: string, form: 'year' | 'short' | 'long' = 'year'): string {
  const r = calendarReading(date);
  if (!r) return date;
  if (form === 'long') return `${WEEKDAYS_EN_LONG[r.weekday]}, ${r.day} ${MONTHS_EN_LONG[r.month]}`;
  return form === 'short' ? dayMonth(r, 'en') : `${dayMonth(r, 'en')} ${r.year}`;
}
