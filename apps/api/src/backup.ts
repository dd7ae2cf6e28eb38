import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { takeBackup } from './db/backup.js';

// `npm run backup`: a consistent copy of the running SQLite database in BACKUP_DIR (docs/decisions/0073).
const config = loadConfig();
if (config.databaseUrl) {
  console.log(
    'DATABASE_URL is PostgreSQL: back it up with pg_dump (README, "Backups"), e.g.\n' +
      '  pg_dump --format=custom --file=marketplace-$(date -u +%Y%m%dT%H%M%SZ).dump "$DATABASE_URL"',
  );
  process.exit(1);
}
const file = path.resolve(config.dataDir, 'marketplace.db');
if (!fs.existsSync(file)) {
  console.error(`No database at ${file} (DATA_DIR): nothing to back up`);
  process.exit(1);
}
const db = openDatabase({ sqliteFile: file });
try {
  const backup = await takeBackup(db.backupTo!, config.backups.dir, new Date());
  console.log(`Backed up to ${backup.file} (${backup.bytes} bytes, integrity_check ok)`);
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
