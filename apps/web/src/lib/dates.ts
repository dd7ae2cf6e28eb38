let dateTime: Intl.DateTimeFormat | null = null;

/**
 * 'Thu, 14 Aug 2025, 2:30 pm' for an ISO time; the text itself when it is not one. Shown in Malawi time
 * whatever the phone's setting, because a reservation ends by the shops' clock.
 */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  dateTime ??= new Intl.DateTimeFormat('en-MW', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Africa/Blantyre',
  });
  return dateTime.format(date);
}

let day: Intl.DateTimeFormat | null = null;

/** '3 Dec' in Malawi time, for a date the reader knows the year of (a payment just made). */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  day ??= new Intl.DateTimeFormat('en-MW', { day: 'numeric', month: 'short', timeZone: 'Africa/Blantyre' });
  return day.format(date);
}
