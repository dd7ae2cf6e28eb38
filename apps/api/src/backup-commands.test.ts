import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { createTestDb } from './test/databases.js';
import { runEntry } from './test/entry-process.js';

// `npm run backup` and `npm run restore -- FILE` as processes (backup.ts and restore.ts through tsx's loader,
// as server.test.ts runs server.ts): what they print, their exit codes, and the restore refusing while
// another process has the database open (decision 0073).

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A data folder holding a migrated database with one row of its own, closed. */
async function dataDir(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-commands-'));
  folders.push(dir);
  const db = openDatabase({ sqliteFile: path.join(dir, 'data', 'marketplace.db') });
  await migrateToLatest(db);
  await db.kysely
    .insertInto('app_settings')
    .values({ key: 'before-backup', value: 'x', created_at: '2026-01-01T00:00:00.000Z' })
    .execute();
  await db.close();
  return dir;
}

/** Another process with the database open and idle, as a running server has it; resolves once it has. */
function holder(file: string) {
  const module = createRequire(import.meta.url).resolve('better-sqlite3');
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const D = require(${JSON.stringify(module)}); const db = new D(${JSON.stringify(file)}); db.pragma('journal_mode = WAL'); db.prepare('select count(*) from app_settings').get(); console.log('open'); setInterval(() => {}, 1000);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const opened = new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return { opened, stop: () => (child.kill('SIGKILL'), exited) };
}

describe('npm run backup and npm run restore', () => {
  it('backs up, printing the file and its size; restore refuses while another process has the database open, then puts it back', async () => {
    const dir = await dataDir();
    const env = { DATA_DIR: path.join(dir, 'data'), BACKUP_DIR: path.join(dir, 'backups') };
    const backup = await runEntry('backup.ts', env);
    expect(backup.code).toBe(0);
    const printed = /Backed up to (\S+marketplace-\d{8}T\d{6}Z\.db) \((\d+) bytes, integrity_check ok\)/.exec(
      backup.output,
    );
    expect(printed, backup.output).not.toBeNull();
    const [, file, bytes] = printed!;
    expect(path.dirname(file!)).toBe(path.join(dir, 'backups'));
    expect(fs.statSync(file!).size).toBe(Number(bytes));

    const live = path.join(dir, 'data', 'marketplace.db');
    const server = holder(live);
    try {
      await server.opened;
      const refused = await runEntry('restore.ts', env, [file!]);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('is in use (is the server running?): stop it, then restore');
    } finally {
      await server.stop();
    }
    expect(fs.readdirSync(path.join(dir, 'data')).filter((f) => f.includes('before-restore'))).toEqual([]);

    const restored = await runEntry('restore.ts', env, [file!]);
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toMatch(
      /The database it replaced is kept as \S+marketplace-before-restore-\d{8}T\d{6}Z\.db/,
    );
    expect(restored.output).toContain(`Restored ${file} to ${live}`);
    const db = openDatabase({ sqliteFile: live });
    try {
      expect(
        await db.kysely.selectFrom('app_settings').where('key', '=', 'before-backup').select('key').execute(),
      ).toHaveLength(1);
    } finally {
      await db.close();
    }
  }, 60_000);

  it('restore refuses a file that is not a database, and says how to call it without one', async () => {
    const dir = await dataDir();
    const env = { DATA_DIR: path.join(dir, 'data') };
    const junk = path.join(dir, 'junk.db');
    fs.writeFileSync(junk, 'hello');
    const refused = await runEntry('restore.ts', env, [junk]);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`Not restoring ${junk}: it is not a readable SQLite database`);
    const usage = await runEntry('restore.ts', env);
    expect(usage.code).toBe(1);
    expect(usage.output).toContain('Usage: npm run restore -- backups/marketplace-YYYYMMDDTHHMMSSZ.db');
  }, 60_000);

  it('on PostgreSQL, says so and fails when pg_dump cannot reach the database', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-commands-'));
    folders.push(dir);
    const backups = path.join(dir, 'backups');
    const backup = await runEntry('backup.ts', {
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      BACKUP_DIR: backups,
    });
    expect(backup.code).toBe(1);
    expect(backup.output).toContain('Backup failed');
    expect(fs.readdirSync(backups)).toEqual([]);
  }, 60_000);

  // Decision 0091: `npm run backup` runs the README's pg_dump itself, names it as the schedule does and checks it.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'on PostgreSQL, runs pg_dump and checks it with pg_restore --list',
    async () => {
      const source = await createTestDb('postgres');
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-commands-'));
      folders.push(dir);
      try {
        const backup = await runEntry('backup.ts', {
          DATABASE_URL: source.url!,
          BACKUP_DIR: path.join(dir, 'backups'),
        });
        expect(backup.code, backup.output).toBe(0);
        const printed = /Backed up to (\S+marketplace-\d{8}T\d{6}Z\.dump) \((\d+) bytes, pg_restore --list ok\)/.exec(
          backup.output,
        );
        expect(printed, backup.output).not.toBeNull();
        expect(fs.statSync(printed![1]!).size).toBe(Number(printed![2]));
        expect(fs.statSync(printed![1]!).mode & 0o777).toBe(0o600);
        expect(await source.db.backupTo!.check(printed![1]!)).toBeUndefined();
      } finally {
        await source.dispose();
      }
    },
    60_000,
  );
});
