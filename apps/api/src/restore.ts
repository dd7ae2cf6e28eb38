import path from 'node:path';
import { loadConfig } from './config.js';
import { RestoreRefused, restoreBackup } from './db/restore.js';

// `npm run restore -- FILE`, with the server stopped: puts a backup in place of the SQLite database,
// keeping the current one aside (docs/decisions/0073).
const config = loadConfig();
const copy = process.argv[2];
if (!copy) {
  console.error('Usage: npm run restore -- backups/marketplace-YYYYMMDDTHHMMSSZ.db');
  process.exit(1);
}
if (config.databaseUrl) {
  console.error('DATABASE_URL is PostgreSQL: restore a pg_dump file with pg_restore (README, "Backups")');
  process.exit(1);
}
const target = path.resolve(config.dataDir, 'marketplace.db');
try {
  const { aside } = restoreBackup(path.resolve(copy), target, new Date());
  if (aside) console.log(`The database it replaced is kept as ${aside}`);
  console.log(`Restored ${path.resolve(copy)} to ${target}: start the server`);
} catch (error) {
  if (!(error instanceof RestoreRefused)) throw error;
  console.error(error.message);
  process.exit(1);
}
