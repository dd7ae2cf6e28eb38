import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { takeBackup } from './db/backup.js';

// `npm run backup`: a consistent, checked copy of the running database in BACKUP_DIR: SQLite's online backup
// (docs/decisions/0073), or on PostgreSQL the README's pg_dump, checked with `pg_restore --list` (0091).
const config = loadConfig();
const file = path.resolve(config.dataDir, 'marketplace.db');
if (!config.databaseUrl && !fs.existsSync(file)) {
  console.error(`No database at ${file} (DATA_DIR): nothing to back up`);
  process.exit(1);
}
const db = config.databaseUrl
  ? openDatabase({ databaseUrl: config.databaseUrl, postgres: config.postgres })
  : openDatabase({ sqliteFile: file });
try {
  const backup = await takeBackup(db.backupTo!, config.backups.dir, new Date());
  const check = db.engine === 'postgres' ? 'pg_restore --list ok' : 'integrity_check ok';
  console.log(`Backed up to ${backup.file} (${backup.bytes} bytes, ${check})`);
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
