import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { BackupCopier } from './backup.js';

// PostgreSQL's backups are the README's `pg_dump --format=custom`, checked with `pg_restore --list` (decision 0091).

const run = promisify(execFile);

/** pg_dump and pg_restore from the newest PostgreSQL Debian installs (at least the server's version), else from PATH. */
export function postgresTools(): { dump: string; restore: string } | undefined {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const folders = [
    ...versions.map((v) => path.join(root, v, 'bin')),
    ...(process.env.PATH ?? '').split(path.delimiter),
  ];
  const bin = folders.find(
    (dir) => dir && fs.existsSync(path.join(dir, 'pg_dump')) && fs.existsSync(path.join(dir, 'pg_restore')),
  );
  return bin ? { dump: path.join(bin, 'pg_dump'), restore: path.join(bin, 'pg_restore') } : undefined;
}

interface PgDumpOptions {
  /** PG_SSL and PG_CA_FILE, as the server connects. */
  ssl?: 'disable' | 'require' | 'verify-full' | undefined;
  caFile?: string | undefined;
}

/**
 * The environment pg_dump connects with: the password goes in PGPASSWORD rather than on its command line,
 * where any user of the machine could read it in the process list.
 */
function connection(url: string, { ssl, caFile }: PgDumpOptions): { target: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  parsed.password = '';
  if (ssl) env.PGSSLMODE = ssl;
  if (caFile) env.PGSSLROOTCERT = caFile;
  return { target: parsed.toString(), env };
}

/** pg_dump of `url` in its custom format, checked by `pg_restore --list` and for this product's migrations table. */
export function pgDumpCopier(url: string, options: PgDumpOptions = {}): BackupCopier {
  const tools = () => {
    const found = postgresTools();
    if (!found) throw new Error('pg_dump and pg_restore are not installed (/usr/lib/postgresql/*/bin or PATH)');
    return found;
  };
  return {
    extension: 'dump',
    async copy(destination) {
      const { target, env } = connection(url, options);
      await run(tools().dump, ['--format=custom', `--file=${destination}`, target], { env, maxBuffer: 1 << 20 });
    },
    async check(file) {
      if (!fs.existsSync(file)) return `${file} does not exist`;
      let listing: string;
      try {
        listing = (await run(tools().restore, ['--list', file], { maxBuffer: 64 << 20 })).stdout;
      } catch (error) {
        const { stderr, message } = error as { stderr?: string; message: string };
        return `pg_restore --list refuses it (${(stderr || message).trim()})`;
      }
      if (!/ TABLE \S+ kysely_migration /.test(listing))
        return 'it is a pg_dump archive but not this product’s (no migrations table)';
      return undefined;
    },
  };
}
