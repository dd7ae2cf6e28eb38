import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, SQLITE_STATEMENT_CACHE, type Db } from './database.js';

// SQLite statements are prepared once per SQL text and reused (database.ts): reuse must never change answers.
describe('SQLite statement reuse', () => {
  let db: Db;
  beforeAll(() => {
    db = openDatabase({ sqliteFile: ':memory:' });
  });
  afterAll(() => db.close());

  it('answers a reused statement with its new parameters', async () => {
    for (const value of [1, 2, 3])
      expect((await sql<{ v: number }>`select ${value} as v`.execute(db.kysely)).rows).toEqual([{ v: value }]);
  });

  it('keeps answering past the cache bound, for statements dropped from it too', async () => {
    const ask = async (i: number) => (await sql.raw<{ v: number }>(`select ${i} as v`).execute(db.kysely)).rows[0]!.v;
    for (let i = 0; i < SQLITE_STATEMENT_CACHE + 50; i++) expect(await ask(i)).toBe(i);
    expect(await ask(0)).toBe(0);
  });

  it('sees a schema change through a statement prepared before it', async () => {
    await sql`create table t (a integer)`.execute(db.kysely);
    await sql`insert into t (a) values (1)`.execute(db.kysely);
    const all = () => sql<Record<string, number>>`select * from t`.execute(db.kysely);
    expect((await all()).rows).toEqual([{ a: 1 }]);
    await sql`alter table t add column b integer default 2`.execute(db.kysely);
    expect((await all()).rows).toEqual([{ a: 1, b: 2 }]);
  });
});
