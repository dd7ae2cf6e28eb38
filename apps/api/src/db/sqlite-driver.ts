import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * The better-sqlite3 this Node can run (decision 0034). Version 13 is built for Node-API 10 (Node 22.14 and
 * later) and crashes on Node 20, which has Node-API 9. Version 12 is built against V8's own API, and on Node
 * 24.19 and later aborts the process when the garbage collector finalises one of its statements outside
 * JavaScript (`RemoveEnvironmentCleanupHook: Assertion failed: (env) != nullptr`). Both are installed, 12
 * under the alias `better-sqlite3-12`; which one loads follows the running Node's Node-API version.
 */
const NAPI_FOR_13 = 10;

const require = createRequire(import.meta.url);

export function sqliteModuleFor(napi: number): string {
  return napi >= NAPI_FOR_13 ? 'better-sqlite3' : 'better-sqlite3-12';
}

export const SQLiteDatabase = require(sqliteModuleFor(Number(process.versions.napi))) as typeof BetterSqlite3;
