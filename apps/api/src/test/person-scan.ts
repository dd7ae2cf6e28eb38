import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * Every row of every table (SQLite's search index and its shadow tables included) whose text holds one of the
 * needles: what "nothing of the person left" checks. Blobs are skipped; numbers cannot hold a phone's '+' form.
 */
export async function rowsHolding(db: Db, needles: string[]): Promise<string[]> {
  const tables =
    db.engine === 'sqlite'
      ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db.kysely)).rows.map(
          (r) => r.name,
        )
      : (
          await sql<{ name: string }>`select table_name as name from information_schema.tables
            where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db.kysely)
        ).rows.map((r) => r.name);
  const found: string[] = [];
  const lower = needles.map((n) => n.toLowerCase());
  for (const table of tables) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db.kysely)).rows;
    for (const row of rows) {
      for (const [column, value] of Object.entries(row)) {
        if (typeof value !== 'string') continue;
        const text = value.toLowerCase();
        if (lower.some((n) => text.includes(n))) found.push(`${table}.${column}: ${value.slice(0, 120)}`);
      }
    }
  }
  return found;
}
