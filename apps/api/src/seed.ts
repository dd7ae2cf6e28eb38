import path from 'node:path';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { DEMO_ADMIN, seed } from './db/seed/index.js';

// `npm run seed`: adds whatever demo data is missing; safe to run again.
const config = loadConfig();
const db = openDatabase({
  databaseUrl: config.databaseUrl,
  sqliteFile: path.resolve(config.dataDir, 'marketplace.db'),
});
try {
  await migrateToLatest(db);
  const production = config.env === 'production';
  const admin =
    config.adminEmail && config.adminPassword
      ? { email: config.adminEmail, password: config.adminPassword }
      : production
        ? undefined
        : DEMO_ADMIN;
  const { created } = await seed(db.kysely, { demo: !production, admin });
  console.log(`Seed done: ${JSON.stringify(created)}`);
} finally {
  await db.close();
}
