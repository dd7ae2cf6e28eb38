import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app.js';
import { createTestDb } from '../test/databases.js';
import { databaseUrl, onAdmin } from '../test/postgres-admin.js';
import { openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';
import { postgresTools } from './pg-dump.js';

// On PostgreSQL the backup is pg_dump's and the restore pg_restore's, as the README shows (decision 0073):
// this runs those commands and starts the app on the restored database.

const adminUrl = process.env.TEST_DATABASE_URL;
const tools = adminUrl ? postgresTools() : undefined;
const skipReason = !adminUrl
  ? 'TEST_DATABASE_URL is not set'
  : !tools
    ? 'pg_dump and pg_restore are not installed (/usr/lib/postgresql/*/bin or PATH)'
    : undefined;

describe.skipIf(skipReason !== undefined)(
  `PostgreSQL backups with pg_dump${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    it('a pg_dump restored with pg_restore into a new database starts the app with every row', async () => {
      const source = await createTestDb('postgres');
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-dump-test-'));
      const name = `t_restored_${process.pid}_${Date.now()}`;
      const restoredUrl = databaseUrl(adminUrl!, name);
      try {
        const app = await buildTestApp(source.db);
        const migrations = await sql`select name from kysely_migration order by name`.execute(source.db.kysely);
        await source.db.kysely
          .insertInto('app_settings')
          .values({ key: 'written-before-dump', value: 'x', created_at: '2026-01-01T00:00:00.000Z' })
          .execute();
        await app.close();

        const dump = path.join(dir, 'marketplace.dump');
        // The README's commands: a custom-format dump, restored without the original owner's roles.
        execFileSync(tools!.dump, ['--format=custom', `--file=${dump}`, source.url!]);
        await onAdmin(adminUrl!, `create database ${name}`);
        execFileSync(tools!.restore, ['--no-owner', '--exit-on-error', `--dbname=${restoredUrl}`, dump]);

        const restored = openDatabase({ databaseUrl: restoredUrl });
        try {
          // Already at the latest schema: the migrations table came along, so nothing runs twice.
          await migrateToLatest(restored);
          const restoredApp = await buildTestApp(restored);
          try {
            expect((await restoredApp.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({
              status: 'ok',
              database: 'postgres',
            });
            expect((await restoredApp.inject({ method: 'GET', url: '/api/v1/products' })).statusCode).toBe(200);
          } finally {
            await restoredApp.close();
          }
          expect(
            await restored.kysely
              .selectFrom('app_settings')
              .where('key', '=', 'written-before-dump')
              .select('key')
              .execute(),
          ).toHaveLength(1);
          expect((await sql`select name from kysely_migration order by name`.execute(restored.kysely)).rows).toEqual(
            migrations.rows,
          );
          expect(migrations.rows.length).toBeGreaterThan(30);
        } finally {
          await restored.close();
        }
      } finally {
        await source.dispose();
        await onAdmin(adminUrl!, `drop database if exists ${name} with (force)`);
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }, 60_000);
  },
);
