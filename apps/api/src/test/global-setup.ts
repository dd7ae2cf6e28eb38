import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { databaseUrl, onAdmin } from './postgres-admin.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PostgreSQL database that createTestDb copies (databases.ts); unset without TEST_DATABASE_URL. */
    postgresTemplate: string | undefined;
  }
}

// Runs once before the API tests: say which engines they will use, so CI output shows it, and the seed
// of the order the tests of each file run in (shuffled: see the api project in vitest.config.ts), so a failing order can be replayed.
// On PostgreSQL it migrates one template database that every test database is copied from: running the
// migrations took 1.7 s per test database, a copy takes a quarter of that.
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  console.log(
    `API tests run on SQLite${adminUrl ? ' and on PostgreSQL (TEST_DATABASE_URL)' : ' only (set TEST_DATABASE_URL to add PostgreSQL)'}`,
  );
  const { seed } = project.globalConfig.sequence;
  console.log(
    `API tests shuffle the tests of each file with seed ${seed}: replay this order with npx vitest run --project api --sequence.seed=${seed}`,
  );
  if (!adminUrl) {
    project.provide('postgresTemplate', undefined);
    return;
  }
  const template = `t_template_${randomBytes(6).toString('hex')}`;
  await onAdmin(adminUrl, `create database ${template}`);
  const db = openDatabase({ databaseUrl: databaseUrl(adminUrl, template) });
  try {
    await migrateToLatest(db);
  } finally {
    // A database is copied only while nobody is connected to it.
    await db.close();
  }
  project.provide('postgresTemplate', template);
  return () => onAdmin(adminUrl, `drop database if exists ${template} with (force)`);
}
