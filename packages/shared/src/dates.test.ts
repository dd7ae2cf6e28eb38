import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay } from './dates.js';
import { formatCalendarDay, formatShortMoment, formatStaffTime } from './staff-dates.js';

describe('dates in Malawi time', () => {
  it('writes a moment in English and in Chichewa, with the day and month names of each', () => {
    expect(formatDateTime('2026-11-27T12:30:00.000Z')).toBe('Fri, 27 Nov 2026, 2:30 pm');
    expect(formatDateTime('2026-11-27T12:30:00.000Z', 'ny')).toBe('Lachisanu, 27 Novembala 2026, 14:30');
    expect(formatDay('2026-11-27T12:30:00.000Z', 'ny')).toBe('27 Novembala');
    expect(formatDate('2026-08-03T06:00:00.000Z', 'ny')).toBe('3 Ogasiti 2026');
  });

  it('shows 23:30 UTC as the next day in Malawi, two hours ahead, whatever the machine’s zone', () => {
    const late = '2026-11-26T23:30:00.000Z';
    expect(formatDateTime(late)).toBe('Fri, 27 Nov 2026, 1:30 am');
    expect(formatDateTime(late, 'ny')).toBe('Lachisanu, 27 Novembala 2026, 01:30');
    expect(formatDay(late)).toBe('27 Nov');
    expect(formatStaffTime(late)).toBe('27 Nov 2026, 1:30 am');
    expect(formatShortMoment(late)).toBe('27 Nov 01:30');
    // New Year's Eve in UTC is already the new year in Malawi.
    expect(formatDate('2026-12-31T22:00:00.000Z')).toBe('1 Jan 2027');
  });

  it('writes noon and midnight on the twelve-hour clock as English readers expect', () => {
    expect(formatStaffTime('2026-01-05T10:00:00.000Z')).toBe('5 Jan 2026, 12:00 pm');
    expect(formatStaffTime('2026-01-05T22:05:00.000Z')).toBe('6 Jan 2026, 12:05 am');
  });

  it('agrees with ICU where ICU knows Malawi, for every hour of a year', () => {
    // Node ships full ICU: en-MW and Africa/Blantyre are there, so the hand-made text must match it, except
    // that ICU 78 writes 'Sept' where older ICU (and Chromium's) wrote 'Sep': one more reason to write our own.
    const icu = new Intl.DateTimeFormat('en-MW', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'Africa/Blantyre',
    });
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 3_600_000 + 60_000 * 7) {
      const iso = new Date(t).toISOString();
      expect(formatDateTime(iso)).toBe(icu.format(t).replace('Sept ', 'Sep '));
    }
  });

  it('keeps a calendar day as it is written (no zone applies to a day)', () => {
    expect(formatCalendarDay('2026-12-03')).toBe('3 Dec 2026');
    expect(formatCalendarDay('2026-12-03', 'short')).toBe('3 Dec');
    expect(formatCalendarDay('2026-12-03', 'long')).toBe('Thursday, 3 December');
  });

  it('gives back text that is not a time instead of "Invalid Date"', () => {
    expect(formatDateTime('soon')).toBe('soon');
    expect(formatDay('', 'ny')).toBe('');
    expect(formatCalendarDay('2026-13-45')).toBe('2026-13-45');
  });
});
