import fs from 'node:fs';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import { privateDatabaseFile, privateFiles, privateFolder } from './private-files.js';
import { SQLiteDatabase } from './sqlite-driver.js';

/**
 * Backups are `marketplace-YYYYMMDDTHHMMSSZ.db` (SQLite) or `.dump` (PostgreSQL's pg_dump, as the README names
 * them): the time in the name is when it was taken, unless the file itself is younger (decisions 0073, 0091).
 */
const NAME = /^marketplace-(\d{8}T\d{6}Z)\.(db|dump)$/;

export interface Backup {
  file: string;
  bytes: number;
}

/**
 * How one engine's backups are made and checked: SQLite's online backup and integrity_check, or pg_dump and
 * `pg_restore --list` (db/pg-dump.ts). `check` says what is wrong with a file, or undefined when it is sound.
 */
export interface BackupCopier {
  extension: 'db' | 'dump';
  copy(destination: string): Promise<void>;
  check(file: string): Promise<string | undefined>;
}

/** SQLite's: `copy` is `onlineBackup` of a connection; the copy is switched out of WAL once it checks out. */
export function sqliteCopier(copy: (destination: string) => Promise<void>): BackupCopier {
  return { extension: 'db', copy, check: async (file) => checkCopy(file, { journalToFile: true }) };
}

/** The file name of a backup taken at `at`. */
export function backupName(at: Date, extension: BackupCopier['extension'] = 'db'): string {
  return `marketplace-${stampOf(at)}.${extension}`;
}

/** `20261126T123456Z`: the UTC time, to the second, as file names can carry it. */
export function stampOf(at: Date): string {
  return at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** Attempts at a copy that fails its check, and the pause between them. */
const COPY_ATTEMPTS = 3;
const COPY_RETRY_MS = 200;

/**
 * Copies the live database into `dir` with its copier, checks the copy and returns it: pg_dump on PostgreSQL
 * (decision 0091), or SQLite's online backup, where a bare function is `onlineBackup` of a connection: it reads
 * one consistent snapshot, the WAL's pages included, so every write committed before it began is in the copy; a
 * plain file copy lacks the WAL's writes (decision 0073). The copy is written under a temporary name and renamed
 * only once it checked out.
 */
export async function takeBackup(
  copier: BackupCopier | ((destination: string) => Promise<void>),
  dir: string,
  at: Date,
): Promise<Backup> {
  const { extension, copy, check } = typeof copier === 'function' ? sqliteCopier(copier) : copier;
  // Backups are as private as the database (decision 0087): older ones are narrowed too.
  privateFolder(dir);
  privateFiles(...listBackups(dir));
  const file = path.resolve(dir, backupName(at, extension));
  if (fs.existsSync(file)) throw new Error(`${file} already exists: one backup per second`);
  const partial = `${file}.${process.pid}.partial`;
  const removePartial = () => {
    for (const leftover of [partial, `${partial}-wal`, `${partial}-shm`]) fs.rmSync(leftover, { force: true });
  };
  for (let attempt = 1; ; attempt += 1) {
    let problem: string | undefined;
    try {
      // Created 0600 before SQLite opens it (SQLite would create it 0644).
      privateDatabaseFile(partial);
      await copy(partial);
      problem = await check(partial);
    } catch (error) {
      problem = (error as Error).message;
    }
    if (!problem) break;
    removePartial();
    // A first step that comes while the same connection is inside a write transaction (the server's
    // scheduled backup during a request's) is refused as busy, and better-sqlite3 takes that for a
    // finished, empty copy: the check catches it, and a later attempt finds the transaction done.
    if (attempt >= COPY_ATTEMPTS) throw new Error(`the copy failed ${attempt} times, the last: ${problem}`);
    await new Promise((resolve) => setTimeout(resolve, COPY_RETRY_MS));
  }
  try {
    fs.renameSync(partial, file);
  } finally {
    removePartial();
  }
  return { file, bytes: fs.statSync(file).size };
}

/** Pages copied per step of a backup (4 MB of 4 KB pages): the server answers requests between steps. */
const PAGES_PER_STEP = 1000;
/** After this many restarts (another connection wrote mid-copy), the rest is copied in one step. */
const RESTARTS_BEFORE_ONE_STEP = 3;

/**
 * Copies with `database.backup`, a few MB per step so a server taking its own backup goes on answering
 * between steps. Writes through the same connection (the server's own) are carried into the copy by SQLite;
 * a write from another connection (another process, or `npm run backup` beside a server) makes SQLite start
 * the copy over, so after a few restarts the remaining pages are copied in one step, one read transaction
 * that in WAL mode blocks no writer. Either way the copy is one consistent snapshot (decision 0073).
 */
export function onlineBackup(
  database: SQLite.Database,
  pagesPerStep = PAGES_PER_STEP,
): (destination: string) => Promise<void> {
  return async (destination) => {
    let remaining = Number.POSITIVE_INFINITY;
    let restarts = 0;
    await database.backup(destination, {
      progress: ({ remainingPages }) => {
        // A restart copies from the first page again: what remains does not go down.
        if (remainingPages >= remaining) restarts += 1;
        remaining = remainingPages;
        return restarts >= RESTARTS_BEFORE_ONE_STEP ? 0x7fffffff : pagesPerStep;
      },
    });
  };
}

/**
 * What is wrong with a file meant to be our database, or undefined when it is sound: it opens as SQLite,
 * passes `integrity_check`, and holds the migrations table (so it is this product's schema). With
 * `journalToFile` the copy is also switched out of WAL, so it is one self-contained file.
 */
export function checkCopy(file: string, { journalToFile = false } = {}): string | undefined {
  if (!fs.existsSync(file)) return `${file} does not exist`;
  let database: SQLite.Database | undefined;
  try {
    database = new SQLiteDatabase(file, { fileMustExist: true });
    const result = database.pragma('integrity_check') as { integrity_check: string }[];
    const verdict = result.map((r) => r.integrity_check).join('; ');
    if (verdict !== 'ok') return `integrity_check says ${verdict}`;
    const migrations = database
      .prepare("select count(*) as n from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get() as { n: number };
    if (migrations.n === 0) return 'it is a SQLite database but not this product’s (no migrations table)';
    if (journalToFile) database.pragma('journal_mode = DELETE');
    return undefined;
  } catch (error) {
    return `it is not a readable SQLite database (${(error as Error).message})`;
  } finally {
    database?.close();
  }
}

/** The backups in `dir` (of one kind, or both), sorted by the time in their names. */
export function listBackups(dir: string, extension?: BackupCopier['extension']): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => {
      const kind = NAME.exec(name)?.[2];
      return kind !== undefined && (extension === undefined || kind === extension);
    })
    .sort()
    .map((name) => path.resolve(dir, name));
}

/** The time in a backup's name. */
function namedAt(file: string): number {
  const stamp = NAME.exec(path.basename(file))![1]!;
  const iso = `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`;
  return new Date(iso).getTime();
}

/** What a file set aside after failing its check is renamed to: no longer a backup's name, kept to be looked at. */
export const FAILED_CHECK_SUFFIX = '.failed-check';

/** A check's verdict per file, size and modification time: a backup is checked once, not every round. */
export type CheckedBackups = Map<string, string | undefined>;

interface Found {
  file: string;
  /** When it was taken: the time in its name, or the file's own modification time when that is earlier. */
  at: number;
}

interface BackupRound {
  taken: Backup | undefined;
  pruned: string[];
  /** Backups that failed their check, renamed with FAILED_CHECK_SUFFIX, with what was wrong. */
  setAside: { file: string; problem: string }[];
}

export interface BackupSchedule {
  dir: string;
  /** BACKUP_EVERY_HOURS (above 0: 0 means the server takes none). */
  everyHours: number;
  /** BACKUP_KEEP. */
  keep: number;
  /** How often the server looks whether one is due (10 minutes; tests look more often). */
  checkSeconds?: number;
}

/**
 * The server's scheduled backup (decisions 0073, 0091): takes one when the newest sound backup in the folder (the
 * server's or one taken by hand with `npm run backup`) is `everyHours` old or more, then keeps the newest `keep`
 * sound ones. Deciding from the folder rather than from a timer makes restarts neither skip a backup nor take an
 * extra one. A backup's time is the earlier of its name's and its file's, so a name in the future (a clock once
 * wrong, a file copied in) neither stops the schedule nor outlives newer backups; a backup that fails its check
 * is set aside, never counted as the newest nor among the kept. Throws when a due backup could not be taken.
 */
export async function backupIfDue(
  copier: BackupCopier | ((destination: string) => Promise<void>),
  { dir, everyHours, keep }: BackupSchedule,
  now: Date,
  checked: CheckedBackups = new Map(),
): Promise<BackupRound> {
  const kind = typeof copier === 'function' ? sqliteCopier(copier) : copier;
  const setAside: BackupRound['setAside'] = [];
  /** Whether `found` passes its check (remembered per size and time); one that fails is set aside. */
  const sound = async ({ file }: Found): Promise<boolean> => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      return false; // deleted meanwhile (by hand, or another process's pruning)
    }
    const key = `${file}\0${stat.size}\0${stat.mtimeMs}`;
    if (!checked.has(key)) checked.set(key, await kind.check(file));
    const problem = checked.get(key);
    if (problem === undefined) return true;
    checked.delete(key);
    try {
      fs.renameSync(file, `${file}${FAILED_CHECK_SUFFIX}`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
    setAside.push({ file, problem });
    return false;
  };
  const newestFirst = () =>
    listBackups(dir, kind.extension)
      .flatMap((file): Found[] => {
        try {
          return [{ file, at: Math.min(namedAt(file), fs.statSync(file).mtimeMs) }];
        } catch {
          return [];
        }
      })
      .sort((a, b) => b.at - a.at || b.file.localeCompare(a.file));

  // Only the newest are checked here, until one is sound: usually one file, once per process.
  let newest: Found | undefined;
  for (const found of newestFirst())
    if (await sound(found)) {
      newest = found;
      break;
    }
  if (newest && now.getTime() - newest.at < everyHours * 3_600_000) return { taken: undefined, pruned: [], setAside };
  const taken = await takeBackup(kind, dir, now);
  // Keeps the newest `keep` that pass their check (the one just taken did), deleting the rest.
  const pruned: string[] = [];
  let kept = 0;
  for (const found of newestFirst()) {
    if (kept < keep) {
      if (found.file === taken.file || (await sound(found))) kept += 1;
      continue;
    }
    fs.rmSync(found.file, { force: true });
    pruned.push(found.file);
  }
  return { taken, pruned, setAside };
}
