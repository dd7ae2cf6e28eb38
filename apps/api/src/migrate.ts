import path from 'node:path';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';

// `npm run migrate`: brings the database to the latest schema and nothing else. On PostgreSQL the role that owns
// the schema runs it before the app, whose own role owns nothing (README, "Running as a role that owns nothing").
const config = loadConfig();
const db = openDatabase({
  databaseUrl: config.databaseUrl,
  sqliteFile: path.resolve(config.dataDir, 'marketplace.db'),
  postgres: config.postgres,
});
try {
  await migrateToLatest(db);
  console.log(`Migrated (${db.engine}): the schema is the latest`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await db.close();
}
