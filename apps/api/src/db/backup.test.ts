import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, createTestApp, testClock } from '../test/app.js';
import { createTestDb, engines, type TestDb } from '../test/databases.js';
import {
  backupIfDue,
  backupName,
  checkCopy,
  FAILED_CHECK_SUFFIX,
  listBackups,
  onlineBackup,
  takeBackup,
  type Backup,
} from './backup.js';
import { oneAtATime } from './advisory-lock.js';
import { openDatabase, type Db } from './database.js';
import { migrateToLatest } from './migrate.js';
import { Readiness } from '../modules/health/readiness.js';
import { RestoreRefused, restoreBackup } from './restore.js';
import { SQLiteDatabase } from './sqlite-driver.js';

// Backups of the SQLite file (docs/decisions/0073), and the schedule on both engines (0091). Restoring
// PostgreSQL's pg_dump with pg_restore is in pg-dump.test.ts.

const folders: string[] = [];
const open: Db[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.close();
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function folder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
  folders.push(dir);
  return dir;
}

/** A migrated database in a file, as the server has it (WAL), left open like a running server's. */
async function liveDatabase(dir: string): Promise<{ file: string; db: Db }> {
  const file = path.join(dir, 'data', 'marketplace.db');
  const db = openDatabase({ sqliteFile: file });
  open.push(db);
  await migrateToLatest(db);
  return { file, db };
}

/**
 * Another thread writing to the same file on a connection of its own, one row per transaction, reporting
 * each row only once its commit returned: the acknowledged writes. It runs until `stop`.
 */
function writer(file: string) {
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const module = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(
    `
    const { parentPort, workerData } = require('node:worker_threads');
    const Database = require(workerData.module);
    const db = new Database(workerData.file, { timeout: 5000 });
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    const insert = db.prepare("insert into app_settings (key, value, created_at) values (?, 'x', '2026-01-01T00:00:00.000Z')");
    let n = 0;
    while (Atomics.load(workerData.flag, 0) === 0) {
      n += 1;
      insert.run('write-' + n);
      parentPort.postMessage(n);
    }
    db.close();
    parentPort.postMessage('done');
    `,
    { eval: true, workerData: { file, module, flag } },
  );
  let acknowledged = 0;
  const listeners: (() => void)[] = [];
  const done = new Promise<void>((resolve, reject) => {
    worker.on('error', reject);
    worker.on('message', (message: number | 'done') => {
      if (message === 'done') return resolve();
      acknowledged = message;
      for (const listener of listeners.splice(0)) listener();
    });
  });
  return {
    acknowledged: () => acknowledged,
    /** Resolves once at least `n` writes are acknowledged. */
    until: async (n: number) => {
      while (acknowledged < n) await new Promise<void>((resolve) => listeners.push(resolve));
    },
    stop: async () => {
      Atomics.store(flag, 0, 1);
      await done;
      await worker.terminate();
    },
  };
}

describe('backups of the SQLite database', () => {
  it('taken while another connection writes, restores to a database that passes its check, opens with the app and holds every write acknowledged before the backup began', async () => {
    const dir = folder();
    const { file } = await liveDatabase(dir);
    const writes = writer(file);
    try {
      await writes.until(50);
      const before = writes.acknowledged();
      // `npm run backup` has a connection of its own, as here; a few pages a step, so the writer's commits
      // land between steps and SQLite restarts the copy until it is taken in one step.
      const tool = new SQLiteDatabase(file);
      const backup = await takeBackup(onlineBackup(tool, 2), path.join(dir, 'backups'), new Date()).finally(() =>
        tool.close(),
      );
      // The writer went on after the backup: the copy is of a database still being written.
      await writes.until(writes.acknowledged() + 20);
      await writes.stop();

      expect(path.basename(backup.file)).toMatch(/^marketplace-\d{8}T\d{6}Z\.db$/);
      expect(backup.bytes).toBe(fs.statSync(backup.file).size);
      // One self-contained file: nothing of it lives in a WAL beside it.
      expect(fs.readdirSync(path.join(dir, 'backups'))).toEqual([path.basename(backup.file)]);

      const target = path.join(dir, 'fresh', 'marketplace.db');
      expect(restoreBackup(backup.file, target, new Date()).aside).toBeUndefined();
      expect(checkCopy(target)).toBeUndefined();
      const restored = openDatabase({ sqliteFile: target });
      open.push(restored);
      const keys = new Set(
        (await restored.kysely.selectFrom('app_settings').select('key').where('key', 'like', 'write-%').execute()).map(
          (r) => r.key,
        ),
      );
      const missing = Array.from({ length: before }, (_, i) => `write-${i + 1}`).filter((key) => !keys.has(key));
      expect(missing).toEqual([]);

      const app = await buildTestApp(restored);
      try {
        expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
        expect((await app.inject({ method: 'GET', url: '/api/v1/products' })).statusCode).toBe(200);
      } finally {
        await app.close();
      }
    } finally {
      await writes.stop();
    }
  }, 60_000);

  it('finishes while another connection commits between every step of the copy (SQLite restarts it each time)', async () => {
    const dir = folder();
    const { file, db } = await liveDatabase(dir);
    let writes = 0;
    let copying = true;
    let last: Promise<unknown> = Promise.resolve();
    // The "server": a write after every step of the copy, on another connection, as another process's would be.
    const write = () => {
      if (!copying) return;
      writes += 1;
      last = db.kysely
        .insertInto('app_settings')
        .values({ key: `between-${writes}`, value: 'x', created_at: '2026-01-01T00:00:00.000Z' })
        .execute()
        .then(() => setImmediate(write));
    };
    const tool = new SQLiteDatabase(file);
    try {
      setImmediate(write);
      const backup = await takeBackup(onlineBackup(tool, 2), path.join(dir, 'backups'), new Date());
      copying = false;
      expect(checkCopy(backup.file)).toBeUndefined();
      expect(writes).toBeGreaterThan(3);
    } finally {
      copying = false;
      await last;
      tool.close();
    }
  }, 20_000);

  it('a backup whose first step comes while its own connection is inside a write transaction still gives a whole copy', async () => {
    const dir = folder();
    const { db } = await liveDatabase(dir);
    await db.kysely
      .insertInto('app_settings')
      .values({ key: 'committed-before', value: 'x', created_at: '2026-01-01T00:00:00.000Z' })
      .execute();
    // The server's own connection (its scheduled backup) with a request's transaction open across a turn of
    // the event loop: SQLite refuses the step as busy, which better-sqlite3 took for a finished empty copy.
    let pending: Promise<Backup> | undefined;
    await db.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto('app_settings')
        .values({ key: 'in-transaction', value: 'x', created_at: '2026-01-01T00:00:00.000Z' })
        .execute();
      const at = new Date('2026-05-01T10:00:00Z');
      pending = takeBackup(db.backupTo!, path.join(dir, 'backups'), at);
      // better-sqlite3 opens the copy, then queues its first step: wait for the file, then let that step run
      // (it was queued before the next turn's), all inside the transaction.
      const partial = path.join(dir, 'backups', `${backupName(at)}.${process.pid}.partial`);
      while (!fs.existsSync(partial)) await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
    });
    const backup = await pending!;
    expect(checkCopy(backup.file)).toBeUndefined();
    const copy = openDatabase({ sqliteFile: backup.file });
    open.push(copy);
    expect(
      await copy.kysely.selectFrom('app_settings').where('key', '=', 'committed-before').select('key').execute(),
    ).toHaveLength(1);
  });

  it('keeps the newest BACKUP_KEEP, taking one only when the newest is BACKUP_EVERY_HOURS old', async () => {
    const dir = folder();
    const { db } = await liveDatabase(dir);
    const schedule = { dir: path.join(dir, 'backups'), everyHours: 24, keep: 3 };
    const start = new Date('2026-03-01T02:00:00Z');
    const at = (hours: number) => new Date(start.getTime() + hours * 3_600_000);

    expect((await backupIfDue(db.backupTo!, schedule, at(0))).taken).toBeDefined();
    // Not due an hour later, nor just before the day is out (a restart in between takes none either).
    expect((await backupIfDue(db.backupTo!, schedule, at(1))).taken).toBeUndefined();
    expect((await backupIfDue(db.backupTo!, schedule, at(23.9))).taken).toBeUndefined();
    for (const day of [1, 2, 3, 4]) {
      const { taken } = await backupIfDue(db.backupTo!, schedule, at(24 * day));
      expect(taken?.file).toBe(path.join(schedule.dir, backupName(at(24 * day))));
    }
    expect(listBackups(schedule.dir).map((f) => path.basename(f))).toEqual(
      [2, 3, 4].map((day) => backupName(at(24 * day))),
    );
    for (const file of listBackups(schedule.dir)) expect(checkCopy(file)).toBeUndefined();
  });

  it('restore refuses a file that is not a database, a damaged one and another SQLite database, leaving the current one alone', async () => {
    const dir = folder();
    const { file: live, db } = await liveDatabase(dir);
    const good = await takeBackup(db.backupTo!, path.join(dir, 'backups'), new Date());
    await db.close();
    const before = fs.readFileSync(live);

    const text = path.join(dir, 'notes.db');
    fs.writeFileSync(text, 'not a database at all, but long enough to have a header'.repeat(100));
    const damaged = path.join(dir, 'damaged.db');
    const bytes = fs.readFileSync(good.file);
    // Keep the header (page 1) and scribble over the pages of the tables.
    for (let i = 4096; i < bytes.length; i += 7) bytes[i] = 0x5a;
    fs.writeFileSync(damaged, bytes);
    const other = path.join(dir, 'other.db');
    const foreign = openDatabase({ sqliteFile: other });
    await foreign.kysely.schema.createTable('notes').addColumn('id', 'integer').execute();
    await foreign.close();

    for (const [copy, reason] of [
      [text, /not a readable SQLite database/],
      [damaged, /integrity_check|not a readable SQLite database/],
      [other, /no migrations table/],
      [path.join(dir, 'missing.db'), /does not exist/],
    ] as const) {
      expect(() => restoreBackup(copy, live, new Date())).toThrow(RestoreRefused);
      expect(() => restoreBackup(copy, live, new Date())).toThrow(reason);
    }
    expect(fs.readFileSync(live).equals(before)).toBe(true);
    expect(fs.readdirSync(path.dirname(live))).toEqual(['marketplace.db']);
  });

  it('restore refuses while the database is open (a running server) and, once it is closed, keeps it aside with its WAL', async () => {
    const dir = folder();
    const { file: live, db } = await liveDatabase(dir);
    const backup = await takeBackup(db.backupTo!, path.join(dir, 'backups'), new Date());
    await db.kysely
      .insertInto('app_settings')
      .values({ key: 'after-backup', value: 'x', created_at: '2026-01-01T00:00:00.000Z' })
      .execute();

    expect(() => restoreBackup(backup.file, live, new Date())).toThrow(/is in use \(is the server running\?\)/);
    expect(fs.existsSync(live)).toBe(true);

    await db.close();
    const at = new Date('2026-11-26T10:11:12Z');
    const { aside } = restoreBackup(backup.file, live, at);
    expect(aside).toBe(path.join(path.dirname(live), 'marketplace-before-restore-20261126T101112Z.db'));
    // The database it replaced still holds what came after the backup; the restored one does not.
    const kept = openDatabase({ sqliteFile: aside! });
    open.push(kept);
    expect(
      await kept.kysely.selectFrom('app_settings').where('key', '=', 'after-backup').select('key').execute(),
    ).toHaveLength(1);
    const restored = openDatabase({ sqliteFile: live });
    open.push(restored);
    expect(
      await restored.kysely.selectFrom('app_settings').where('key', '=', 'after-backup').select('key').execute(),
    ).toHaveLength(0);
  });
});

/** A backup file of `engine`'s kind named for `at`, written now (its own time is now). */
function extensionOf(engine: string): 'db' | 'dump' {
  return engine === 'sqlite' ? 'db' : 'dump';
}

describe.each(engines)('the schedule judges backups by their own check and time [%s]', (engine) => {
  let source: TestDb;
  afterEach(async () => {
    await source?.dispose();
  });

  it('a future-named backup and a corrupt recent one neither stop it nor count among the kept; the corrupt one is set aside', async () => {
    source = await createTestDb(engine);
    const copier = source.db.backupTo!;
    const dir = path.join(folder(), 'backups');
    const schedule = { dir, everyHours: 24, keep: 2 };
    const now = new Date('2026-06-10T08:00:00Z');
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
    const ext = extensionOf(engine);

    // Two sound backups, 3 and 2 days old by name and by file time.
    const sound: string[] = [];
    for (const days of [3, 2]) {
      const { file } = await takeBackup(copier, dir, hoursAgo(24 * days));
      const at = hoursAgo(24 * days);
      fs.utimesSync(file, at, at);
      sound.push(file);
    }
    // One named for 2099 (a clock once wrong), written 30 hours ago: judged by its file's time.
    const future = path.join(dir, backupName(new Date('2099-01-01T00:00:00Z'), ext));
    fs.copyFileSync(sound[1]!, future);
    fs.utimesSync(future, hoursAgo(30), hoursAgo(30));
    // One from an hour ago that does not pass its check (a disk error, a copy cut short).
    const corrupt = path.join(dir, backupName(hoursAgo(1), ext));
    fs.writeFileSync(corrupt, 'not a backup at all, but long enough to look like one'.repeat(100));

    const round = await backupIfDue(copier, schedule, now);
    expect(round.taken?.file).toBe(path.join(dir, backupName(now, ext)));
    expect(round.setAside).toEqual([{ file: corrupt, problem: expect.any(String) as string }]);
    expect(fs.existsSync(`${corrupt}${FAILED_CHECK_SUFFIX}`)).toBe(true);
    // Kept: the one just taken and the future-named one (30 hours old by its own time); the two older ones go.
    expect(listBackups(dir).sort()).toEqual([round.taken!.file, future].sort());
    expect(round.pruned.sort()).toEqual(sound.sort());
    for (const file of listBackups(dir)) expect(await copier.check(file)).toBeUndefined();

    // The fresh backup counts: nothing due an hour later, and a day later the future name does not hold it off.
    expect((await backupIfDue(copier, schedule, new Date(now.getTime() + 3_600_000))).taken).toBeUndefined();
    const later = new Date(now.getTime() + 24 * 3_600_000);
    expect((await backupIfDue(copier, schedule, later)).taken?.file).toBe(path.join(dir, backupName(later, ext)));
  }, 60_000);
});

describe.skipIf(!engines.includes('postgres'))('scheduled backups with several processes on PostgreSQL', () => {
  it('one process at a time decides and dumps; the other takes none that round, then finds the fresh dump', async () => {
    const source = await createTestDb('postgres');
    try {
      const other = source.connectAgain();
      const dir = path.join(folder(), 'backups');
      const schedule = { dir, everyHours: 24, keep: 7 };
      const now = new Date('2026-06-10T08:00:00Z');
      const rounds = await Promise.all(
        [source.db, other].map((db) =>
          oneAtATime(db, 'scheduled-backup', () => backupIfDue(db.backupTo!, schedule, now)),
        ),
      );
      expect(rounds.filter((round) => round?.taken)).toHaveLength(1);
      expect(rounds.filter((round) => round === undefined)).toHaveLength(1);
      const again = await oneAtATime(other, 'scheduled-backup', () =>
        backupIfDue(other.backupTo!, schedule, new Date(now.getTime() + 1000)),
      );
      expect(again?.taken).toBeUndefined();
      expect(listBackups(dir)).toHaveLength(1);
    } finally {
      await source.dispose();
    }
  }, 60_000);
});

describe.each(engines)("the server's scheduled backups [%s]", (engine) => {
  /** The scheduled backups' counts from GET /api/metrics. */
  async function backupCounts(t: { app: FastifyInstance }): Promise<Record<string, number>> {
    const scrape = await t.app.inject({ method: 'GET', url: '/api/metrics' });
    const counts: Record<string, number> = {};
    for (const [, result, n] of scrape.body.matchAll(/^marketplace_backups_total\{result="(\w+)"\} (\d+)$/gm))
      counts[result!] = Number(n);
    return counts;
  }

  it('takes one when it starts with none fresh in BACKUP_DIR, on both engines (pg_dump on PostgreSQL), and counts it', async () => {
    const dir = path.join(folder(), 'backups');
    const clock = testClock(new Date('2026-06-01T08:00:00Z'));
    const t = await createTestApp(engine, { jobs: true, clock, backups: { dir, everyHours: 24, keep: 7 } });
    const ext = extensionOf(engine);
    // A corrupt backup from an hour before: set aside, counted, and no reason to take none.
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `marketplace-20260601T070000Z.${ext}`), 'damaged');
    await t.app.ready();
    const counts = await waitFor(
      () => backupCounts(t),
      (c) => c.taken === 1,
    );
    expect(counts).toEqual({ taken: 1, failed: 0, skipped: 0, set_aside: 1 });
    // Closing waits for the run in flight.
    await t.close();
    const taken = listBackups(dir).map((f) => path.basename(f));
    expect(taken).toEqual([`marketplace-20260601T080000Z.${ext}`]);
    expect(fs.readdirSync(dir)).toContain(`marketplace-20260601T070000Z.${ext}${FAILED_CHECK_SUFFIX}`);
    if (engine === 'sqlite') expect(checkCopy(listBackups(dir)[0]!)).toBeUndefined();
  }, 60_000);

  it('counts a due backup it could not take as failed', async () => {
    // BACKUP_DIR is a file: no backup can be written there.
    const dir = path.join(folder(), 'not-a-folder');
    fs.writeFileSync(dir, 'x');
    const t = await createTestApp(engine, { jobs: true, backups: { dir, everyHours: 24, keep: 7 } });
    await t.app.ready();
    const counts = await waitFor(
      () => backupCounts(t),
      (c) => c.failed === 1,
    );
    expect(counts).toEqual({ taken: 0, failed: 1, skipped: 0, set_aside: 0 });
    await t.close();
  }, 60_000);

  it('counts a round that finds the last backup still running as skipped, then the backup once it ends', async () => {
    const source = await createTestDb(engine);
    const real = source.db.backupTo!;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // A copy that hangs (a pg_dump waiting on a lock, a stalled disk) until released.
    const copy = async (destination: string) => {
      await released;
      await real.copy(destination);
    };
    const dir = path.join(folder(), 'backups');
    const app = await buildTestApp(
      { ...source.db, backupTo: { ...real, copy } },
      { jobs: true, backups: { dir, everyHours: 24, keep: 7, checkSeconds: 0.05 } },
    );
    try {
      const stuck = await waitFor(
        () => backupCounts({ app }),
        (c) => (c.skipped ?? 0) >= 2,
      );
      expect(stuck).toMatchObject({ taken: 0, failed: 0, set_aside: 0 });
      expect(stuck.skipped).toBeGreaterThanOrEqual(2);
      release();
      expect(
        await waitFor(
          () => backupCounts({ app }),
          (c) => c.taken === 1,
        ),
      ).toMatchObject({ taken: 1, failed: 0 });
    } finally {
      release();
      await app.close();
      await source.dispose();
    }
    expect(listBackups(dir)).toHaveLength(1);
  }, 60_000);

  it("waits for the server's start (migrations) before the first", async () => {
    const dir = path.join(folder(), 'backups');
    const readiness = new Readiness({ starting: true });
    const t = await createTestApp(engine, { jobs: true, readiness, backups: { dir, everyHours: 24, keep: 7 } });
    // Closed while still starting: no job ran (closing would have waited for one in flight).
    await t.close();
    expect(fs.existsSync(dir)).toBe(false);

    const ready = new Readiness({ starting: true });
    const u = await createTestApp(engine, { jobs: true, readiness: ready, backups: { dir, everyHours: 24, keep: 7 } });
    ready.ready();
    await ready.started;
    await u.close();
    expect(listBackups(dir)).toHaveLength(1);
  }, 60_000);

  it('takes none with BACKUP_EVERY_HOURS=0', async () => {
    const dir = path.join(folder(), 'backups');
    const t = await createTestApp(engine, { jobs: true, backups: { dir, everyHours: 0, keep: 7 } });
    await t.close();
    expect(fs.existsSync(dir)).toBe(false);
  });
});

/** Reads `read` until `done` holds (the job runs beside the test), then returns what it read. */
async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; ; i++) {
    const value = await read();
    if (done(value) || i >= 500) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
