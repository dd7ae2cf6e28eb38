import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { takeBackup } from './backup.js';
import { openDatabase, type Db } from './database.js';
import { migrateToLatest } from './migrate.js';
import { restoreBackup } from './restore.js';

// The database, its WAL and SHM and the backups hold people's details and the sealed secrets: only the server's
// own user reads them (0600 files in 0700 folders), whatever the umask (issue 35, decision 0087).

const folders: string[] = [];
const open: Db[] = [];
let umask: number | undefined;
afterEach(async () => {
  if (umask !== undefined) process.umask(umask);
  umask = undefined;
  for (const db of open.splice(0)) await db.close();
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function folder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'private-files-'));
  folders.push(dir);
  return dir;
}

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('private files', () => {
  it('creates the data folder 0700 and the database, WAL and SHM 0600 under a permissive umask', async () => {
    umask = process.umask(0o022);
    const dataDir = path.join(folder(), 'data');
    const file = path.join(dataDir, 'marketplace.db');
    const db = openDatabase({ sqliteFile: file });
    open.push(db);
    await migrateToLatest(db);
    expect(modeOf(dataDir)).toBe(0o700);
    for (const f of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(f), f).toBe(0o600);
  });

  it('fixes the modes of an existing world-readable database and folder at start', async () => {
    const dataDir = path.join(folder(), 'data');
    const file = path.join(dataDir, 'marketplace.db');
    const first = openDatabase({ sqliteFile: file });
    await migrateToLatest(first);
    // A WAL left behind, as after a crash: the next open keeps and replays it.
    fs.writeFileSync(`${file}-wal`, '', { mode: 0o644 });
    await first.close();
    for (const f of [file, `${file}-wal`]) fs.chmodSync(f, 0o644);
    fs.chmodSync(dataDir, 0o755);
    const db = openDatabase({ sqliteFile: file });
    open.push(db);
    await migrateToLatest(db);
    expect(modeOf(dataDir)).toBe(0o700);
    for (const f of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(f), f).toBe(0o600);
  });

  it('leaves a shared folder such as the temporary folder alone', () => {
    const shared = folder();
    fs.chmodSync(shared, 0o1777);
    const db = openDatabase({ sqliteFile: path.join(shared, 'marketplace.db') });
    open.push(db);
    expect(modeOf(shared)).toBe(0o777);
    expect(modeOf(path.join(shared, 'marketplace.db'))).toBe(0o600);
  });

  it('writes backups 0600 in a 0700 folder, and fixes older backups', async () => {
    umask = process.umask(0o022);
    const dir = folder();
    const db = openDatabase({ sqliteFile: path.join(dir, 'data', 'marketplace.db') });
    open.push(db);
    await migrateToLatest(db);
    const backups = path.join(dir, 'backups');
    fs.mkdirSync(backups, { mode: 0o755 });
    const older = path.join(backups, 'marketplace-20260101T000000Z.db');
    fs.writeFileSync(older, 'x', { mode: 0o644 });
    const { file } = await takeBackup(db.backupTo!, backups, new Date('2026-11-29T10:00:00Z'));
    expect(modeOf(backups)).toBe(0o700);
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(older)).toBe(0o600);
  });

  it('restores a backup as a 0600 file and keeps the replaced database 0600', async () => {
    umask = process.umask(0o022);
    const dir = folder();
    const source = openDatabase({ sqliteFile: path.join(dir, 'source', 'marketplace.db') });
    await migrateToLatest(source);
    const { file: copy } = await takeBackup(source.backupTo!, path.join(dir, 'b'), new Date());
    await source.close();
    fs.chmodSync(copy, 0o644);
    const target = path.join(dir, 'data', 'marketplace.db');
    fs.mkdirSync(path.dirname(target), { mode: 0o755 });
    fs.writeFileSync(target, '', { mode: 0o644 });
    const { aside } = restoreBackup(copy, target, new Date('2026-11-29T10:00:00Z'));
    expect(modeOf(target)).toBe(0o600);
    expect(modeOf(aside!)).toBe(0o600);
    expect(modeOf(path.dirname(target))).toBe(0o700);
  });
});
