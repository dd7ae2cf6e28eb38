// What a database error means for the caller: the database cannot be reached (or is shutting down, or
// overloaded) and trying again shortly may work, or storage is full and nothing can be written. Anything
// else is a bug and stays a 500.

export type DbFault = 'unreachable' | 'full';

// node-postgres and Node's socket errors when the connection is refused, cut or times out.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
// SQLSTATE: 57P01-57P03 admin/crash shutdown and "cannot connect now", 53300 too many connections,
// 57014 a statement cancelled by statement_timeout (the database is too slow to answer in time).
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);
const UNREACHABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'is not queryable',
  'Client was closed',
  // A request racing shutdown: the pool or SQLite connection already closed.
  'database connection is not open',
  'driver has already been destroyed',
];

/** The fault behind a database error, or undefined when it is not one (a bug, a constraint). */
export function faultOf(error: unknown): DbFault | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    // SQLite (better-sqlite3) and PostgreSQL's disk_full, and the OS's own "no space left on device".
    if (code === 'SQLITE_FULL' || code === '53100' || code === 'ENOSPC') return 'full';
    // Another process holding SQLite's write lock past busy_timeout: busy, not broken.
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_IOERR' || code.startsWith('SQLITE_IOERR_')) return 'unreachable';
    if (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith('08')) return 'unreachable';
  }
  if (UNREACHABLE_MESSAGES.some((m) => error.message.includes(m))) return 'unreachable';
  return undefined;
}

/** How long a refused write keeps /api/health saying storage is full. */
export const FULL_REPORT_MS = 60_000;

/** The last time each fault was seen, so /api/health reports a full disk that only writes reveal. */
export class FaultLog {
  #lastFull: number | undefined;

  note(fault: DbFault, at = Date.now()) {
    if (fault === 'full') this.#lastFull = at;
  }

  storageFull(now = Date.now()): boolean {
    return this.#lastFull !== undefined && now - this.#lastFull < FULL_REPORT_MS;
  }
}
