import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { openDatabase, type Db, type Engine } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { databaseUrl, onAdmin } from './postgres-admin.js';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDb {
  db: Db;
  /** The PostgreSQL database's URL (undefined for SQLite), to reach it another way (through a proxy). */
  url: string | undefined;
  /**
   * Another connection pool on the same PostgreSQL database: what a second API process would have.
   * (Two SQLite connections in one process would block each other's event loop, so PostgreSQL only.)
   */
  connectAgain(): Db;
  /** Closes the connection and drops the throwaway PostgreSQL database. */
  dispose(): Promise<void>;
}

/** The template global-setup.ts made, when running under Vitest (the stress scripts call createTestDb outside it). */
function postgresTemplate(): string | undefined {
  try {
    return inject('postgresTemplate');
  } catch {
    return undefined;
  }
}

/** A fresh, migrated database of its own for one test file (or one test); `migrate: false` leaves it empty. */
export async function createTestDb(engine: Engine, { migrate = true } = {}): Promise<TestDb> {
  if (engine === 'sqlite') {
    const db = openDatabase({ sqliteFile: ':memory:' });
    if (migrate) await migrateToLatest(db);
    return {
      db,
      url: undefined,
      connectAgain: () => {
        throw new Error('A second connection is for PostgreSQL test databases only');
      },
      dispose: () => db.close(),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `t_${randomBytes(6).toString('hex')}`;
  // Migrated databases are copies of the template global-setup.ts migrated once for the run.
  const template = migrate ? postgresTemplate() : undefined;
  await onAdmin(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = databaseUrl(adminUrl, name);
  const db = openDatabase({ databaseUrl: url });
  if (migrate && !template) await migrateToLatest(db);
  const others: Db[] = [];
  return {
    db,
    url,
    connectAgain: () => {
      const other = openDatabase({ databaseUrl: url });
      others.push(other);
      return other;
    },
    dispose: async () => {
      for (const other of others) await other.close();
      await db.close();
      await onAdmin(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
