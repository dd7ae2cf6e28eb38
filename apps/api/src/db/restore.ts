import fs from 'node:fs';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import { checkCopy, stampOf } from './backup.js';
import { privateFiles, privateFolder } from './private-files.js';
import { SQLiteDatabase } from './sqlite-driver.js';

export class RestoreRefused extends Error {}

/**
 * Puts the backup `copy` in place of the database `target` (decision 0073). Refuses a copy that fails
 * `checkCopy` and a target some process has open (a running server). The database it replaces is kept
 * aside with its -wal and -shm as `<name>-before-restore-<time>.db*` (renamed together, so they open as one
 * database again); returns that file, or undefined when there was no database yet.
 */
export function restoreBackup(copy: string, target: string, at: Date): { aside: string | undefined } {
  const problem = checkCopy(copy);
  if (problem) throw new RestoreRefused(`Not restoring ${copy}: ${problem}`);
  const aside = fs.existsSync(target) ? moveAside(target, at) : undefined;
  // Copied under a temporary name, then renamed: a restore cut halfway leaves no half-written database.
  const incoming = `${target}.restoring`;
  privateFolder(path.dirname(target));
  fs.copyFileSync(copy, incoming);
  // copyFile keeps the backup's mode: the database is 0600 whatever the copy was (decision 0087).
  privateFiles(incoming);
  const fd = fs.openSync(incoming, 'r+');
  fs.fsyncSync(fd);
  fs.closeSync(fd);
  fs.renameSync(incoming, target);
  return { aside };
}

/**
 * Renames the database and its -wal/-shm aside once no other connection has it open: an exclusive lock
 * taken without waiting fails while any process (a server, even idle) holds the file. Between this check
 * and the rename a server could still start; the README says to stop it first.
 */
function moveAside(target: string, at: Date): string {
  let database: SQLite.Database | undefined;
  try {
    database = new SQLiteDatabase(target, { fileMustExist: true, timeout: 0 });
    database.pragma('locking_mode = EXCLUSIVE');
    database.exec('begin exclusive');
    database.exec('commit');
  } catch (error) {
    if ((error as { code?: unknown }).code === 'SQLITE_BUSY')
      throw new RestoreRefused(`${target} is in use (is the server running?): stop it, then restore`);
    // A current database that does not open (the reason to restore, perhaps) is moved aside all the same.
  } finally {
    database?.close();
  }
  const base = target.replace(/\.db$/, '');
  const aside = `${base}-before-restore-${stampOf(at)}.db`;
  for (const suffix of ['', '-wal', '-shm']) {
    if (fs.existsSync(target + suffix)) fs.renameSync(target + suffix, aside + suffix);
    privateFiles(aside + suffix);
  }
  return aside;
}
