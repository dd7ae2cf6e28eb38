import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * The SQLite driver, better-sqlite3 13 or later (decision 0034). Version 12 was built against V8's own API and on
 * Node 24.19 and later aborts the process when the garbage collector finalises one of its statements outside
 * JavaScript (`RemoveEnvironmentCleanupHook: Assertion failed: (env) != nullptr`); 13 is built on Node-API.
 */
export const SQLiteDatabase = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
