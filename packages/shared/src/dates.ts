// The one way dates and times are written, in the storefront, the back-office and the server's messages
// (docs/decisions/0067): always Malawi time, in English or Chichewa names. Built by hand rather than with
// Intl: ICU on older Android WebViews and in some Node builds has no 'ny' names (Intl falls back to English)
// and may lack the 'Africa/Blantyre' zone, and the server's render and the browser must print the same text.
import type { Language } from './languages.js';

/** Malawi keeps Central Africa Time, UTC+02:00, all year: no daylight saving since 1903. */
const MALAWI_OFFSET_MS = 2 * 60 * 60 * 1000;

const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const MONTHS_EN_LONG = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const MONTHS_NY = [
  'Januwale',
  'Febuluwale',
  'Malichi',
  'Epulo',
  'Meyi',
  'Juni',
  'Julayi',
  'Ogasiti',
  'Seputembala',
  'Okutobala',
  'Novembala',
  'Disembala',
] as const;
const WEEKDAYS_EN = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const WEEKDAYS_EN_LONG = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const WEEKDAYS_NY = ['Lamlungu', 'Lolemba', 'Lachiwiri', 'Lachitatu', 'Lachinayi', 'Lachisanu', 'Loweruka'] as const;

/** A calendar day and a clock reading, as on a wall in Malawi. */
interface Reading {
  year: number;
  /** 0-11 */
  month: number;
  day: number;
  /** 0 (Sunday) - 6 */
  weekday: number;
  hour: number;
  minute: number;
}

function readingOf(time: number): Reading {
  const d = new Date(time);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth(),
    day: d.getUTCDate(),
    weekday: d.getUTCDay(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
  };
}

/** The reading in Malawi of an ISO time (or a Date); null when it is not a time. */
function malawiReading(at: string | Date): Reading | null {
  const time = typeof at === 'string' ? Date.parse(at) : at.getTime();
  return Number.isNaN(time) ? null : readingOf(time + MALAWI_OFFSET_MS);
}

/** A day written 'YYYY-MM-DD' (a ledger or chart day, already a calendar day): no zone to apply. */
function calendarReading(date: string): Reading | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const time = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(time) ? null : readingOf(time);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** '2:30 pm' in English (the en-MW clock buyers are used to), '14:30' in Chichewa. */
function clock(r: Reading, language: Language): string {
  if (language === 'ny') return `${pad(r.hour)}:${pad(r.minute)}`;
  return `${r.hour % 12 || 12}:${pad(r.minute)} ${r.hour < 12 ? 'am' : 'pm'}`;
}

/** '3 Dec' / '3 Disembala' */
function dayMonth(r: Reading, language: Language): string {
  return `${r.day} ${(language === 'ny' ? MONTHS_NY : MONTHS_EN)[r.month]}`;
}

/** 'Thu, ' / 'Lachinayi, ' */
function weekday(r: Reading, language: Language): string {
  return `${(language === 'ny' ? WEEKDAYS_NY : WEEKDAYS_EN)[r.weekday]}, `;
}

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

/** The Malawi calendar day 'YYYY-MM-DD' of a moment (a time or epoch milliseconds). */
export function malawiDay(at: string | number): string {
  const r = malawiReading(typeof at === 'number' ? new Date(at) : at);
  return r ? `${r.year}-${pad(r.month + 1)}-${pad(r.day)}` : '';
}
