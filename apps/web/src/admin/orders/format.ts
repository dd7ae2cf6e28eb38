const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long ago an order was placed, short enough for a table cell: 'just now', '5 min', '3 h', '2 d'. */
export function formatAge(iso: string, now: number = Date.now()): string {
  const placed = new Date(iso).getTime();
  if (Number.isNaN(placed)) return '—';
  // A clock a little ahead of the server's must not print a negative age.
  const elapsed = Math.max(0, now - placed);
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h`;
  return `${Math.floor(elapsed / DAY)} d`;
}
