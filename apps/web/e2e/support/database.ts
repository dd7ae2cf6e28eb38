import { createRequire } from 'node:module';
import type BetterSqlite from 'better-sqlite3';
import type * as Pg from 'pg';

// A journey sets up, in the server's own database, a state only time would make (an order completed weeks ago).
// Nothing else writes here: every other journey goes through the app as a user would. `?` marks each parameter.

const require = createRequire(import.meta.url);

export async function runSql(text: string, params: unknown[]): Promise<void> {
  const target = process.env.E2E_DATABASE;
  if (!target) throw new Error('E2E_DATABASE is not set: run the journeys through e2e/run.mjs');
  if (target.startsWith('postgres')) {
    const { Client } = require('pg') as typeof Pg;
    const client = new Client({ connectionString: target });
    await client.connect();
    try {
      let n = 0;
      await client.query(
        text.replace(/\?/g, () => `$${++n}`),
        params,
      );
    } finally {
      await client.end();
    }
    return;
  }
  const Database = require('better-sqlite3') as typeof BetterSqlite;
  const db = new Database(target, { timeout: 5_000 });
  try {
    db.prepare(text).run(...params);
  } finally {
    db.close();
  }
}
