// The pieces the date formatters are built from (docs/decisions/0067): Malawi's fixed offset, the names of months
// and days in English and Chichewa, and a moment read as a wall clock in Malawi. Not Intl: see dates.ts.
import type { Language } from './languages.js';

/** Malawi keeps Central Africa Time, UTC+02:00, all year: no daylight saving since 1903. */
const MALAWI_OFFSET_MS = 2 * 60 * 60 * 1000;

const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
export const MONTHS_EN_LONG = [
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
export const WEEKDAYS_EN_LONG = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
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
export function malawiReading(at: string | Date): Reading | null {
  const time = typeof at === 'string' ? Date.parse(at) : at.getTime();
  return Number.isNaN(time) ? null : readingOf(time + MALAWI_OFFSET_MS);
}

/** A day written 'YYYY-MM-DD' (a ledger or chart day, already a calendar day): no zone to apply. */
export function calendarReading(date: string): Reading | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const time = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(time) ? null : readingOf(time);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** '2:30 pm' in English (the en-MW clock buyers are used to), '14:30' in Chichewa. */
export function clock(r: Reading, language: Language): string {
  if (language === 'ny') return `${pad(r.hour)}:${pad(r.minute)}`;
  return `${r.hour % 12 || 12}:${pad(r.minute)} ${r.hour < 12 ? 'am' : 'pm'}`;
}

/** '3 Dec' / '3 Disembala' */
export function dayMonth(r: Reading, language: Language): string {
  return `${r.day} ${(language === 'ny' ? MONTHS_NY : MONTHS_EN)[r.month]}`;
}

/** 'Thu, ' / 'Lachinayi, ' */
export function weekday(r: Reading, language: Language): string {
  return `${(language === 'ny' ? WEEKDAYS_NY : WEEKDAYS_EN)[r.weekday]}, `;
}
