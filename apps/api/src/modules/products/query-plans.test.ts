import {
  CompiledQuery,
  PostgresQueryCompiler,
  sql,
  SqliteQueryCompiler,
  type KyselyPlugin,
  type QueryId,
  type RootOperationNode,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { createTestDb, engines, type TestDb } from '../../test/databases.js';
import { addCategory } from '../../test/fixtures.js';
import { COUNT_CAP, listProducts, type ProductListFilter } from './listing.js';
import { addProducts, minute } from './testing.js';

/** Every statement listProducts runs for a filter, compiled as the engine receives it. */
async function statementsOf(db: Db, filter: ProductListFilter): Promise<CompiledQuery[]> {
  const built: { node: RootOperationNode; queryId: QueryId }[] = [];
  const ran = new Set<QueryId>();
  // Plugins see every builder (subqueries too) but get results only for what was executed.
  const spy: KyselyPlugin = {
    transformQuery: (args) => (built.push(args), args.node),
    transformResult: async (args) => (ran.add(args.queryId), args.result),
  };
  await listProducts({ ...db, kysely: db.kysely.withPlugin(spy) }, filter);
  const compiler = db.engine === 'postgres' ? new PostgresQueryCompiler() : new SqliteQueryCompiler();
  return built.filter((b) => ran.has(b.queryId)).map((b) => compiler.compileQuery(b.node, b.queryId));
}

/**
 * The plan of one statement, as text lines. PostgreSQL plans with enable_seqscan off: at a test's size a
 * sequential scan is rightly the cheapest plan, so the planner's free choice here says nothing about
 * 100,000 products. With it off the planner shows which index serves the statement; a statement no index
 * can serve still shows its Seq Scan (the setting only makes scans expensive), and fails below.
 */
async function planOf(db: Db, query: CompiledQuery): Promise<string[]> {
  const explain = db.engine === 'postgres' ? 'explain (costs off) ' : 'explain query plan ';
  const { rows } = await db.kysely.transaction().execute(async (trx) => {
    if (db.engine === 'postgres') await sql`set local enable_seqscan = off`.execute(trx);
    return trx.executeQuery<Record<string, string>>(CompiledQuery.raw(explain + query.sql, [...query.parameters]));
  });
  return rows.map((r) => (db.engine === 'postgres' ? r['QUERY PLAN']! : `${r.parent}: ${r.detail}`));
}

describe.each(engines)('catalogue queries use indexes, not scans [%s]', (engine) => {
  let t: TestDb;
  const PRODUCTS = 4000;

  beforeAll(async () => {
    t = await createTestDb(engine);
    const phones = await addCategory(t.db, 'Phones');
    const other = await addCategory(t.db, 'Other');
    // Half the catalogue says samsung (more matches than COUNT_CAP: that search walks the index), a few
    // products say zanzibar (gathered from the full-text index); creation times shuffled against ids.
    await addProducts(
      t.db,
      Array.from({ length: PRODUCTS }, (_, i) => ({
        name: `${i % 2 === 0 ? 'Samsung' : 'Nokia'} ${i % 997 === 0 ? 'Zanzibar' : 'model'} ${i}`,
        createdAt: minute((i * 7919) % PRODUCTS),
        categoryId: i % 3 === 0 ? phones : other,
        published: i % 20 !== 0,
      })),
    );
    expect(COUNT_CAP).toBeLessThan(PRODUCTS / 2);
    await sql`analyze`.execute(t.db.kysely);
  }, 120_000);
  afterAll(() => t.dispose());

  const deep = { sort: 'newest' as const, createdAt: minute(2000), id: 1 };
  const walksTheIndex = /Scan Backward using products_(published|category)_created_idx/;
  it.each<[string, ProductListFilter, RegExp]>([
    ['list', { limit: 50, offset: 0 }, /products_published_created_idx/],
    ['category', { limit: 50, offset: 0, categoryKey: 'phones' }, /products_category_created_idx/],
    ['deep page by cursor', { limit: 50, offset: 0, after: deep }, /products_published_created_idx/],
    [
      'deep page by cursor in a category',
      { limit: 50, offset: 0, categoryKey: 'phones', after: deep },
      /products_category_created_idx/,
    ],
    ['deep page by offset', { limit: 50, offset: 3000 }, /products_published_created_idx/],
    ['search with many matches', { limit: 50, offset: 0, search: 'samsung' }, /products_published_created_idx/],
    [
      'search with many matches, by cursor',
      { limit: 50, offset: 0, search: 'sams', after: deep },
      /products_published_created_idx/,
    ],
    [
      'search with few matches',
      { limit: 50, offset: 0, search: 'zanzib' },
      engine === 'postgres' ? /product_search_document_idx/ : /VIRTUAL TABLE INDEX/,
    ],
    [
      'search by relevance with many matches',
      { limit: 50, offset: 0, search: 'samsung', sort: 'relevance' },
      /products_published_created_idx/,
    ],
    ['price order', { limit: 50, offset: 0, sort: 'price_asc' }, /products_published_price_idx/],
    [
      'price order, high to low, in a category',
      { limit: 50, offset: 0, sort: 'price_desc', categoryKey: 'phones' },
      /products_category_price_idx/,
    ],
    [
      'price order, deep page by cursor',
      { limit: 50, offset: 0, sort: 'price_asc', after: { sort: 'price_asc', price: 1000, id: 2000 } },
      /products_published_price_idx/,
    ],
    [
      'search in price order',
      { limit: 50, offset: 0, search: 'samsung', sort: 'price_desc' },
      /products_published_price_idx/,
    ],
  ])('%s', async (label, filter, expected) => {
    const plans = await Promise.all((await statementsOf(t.db, filter)).map((q) => planOf(t.db, q)));
    const text = plans.flat().join('\n');
    expect(text).toMatch(expected);
    if (engine === 'postgres') {
      expect(text).not.toMatch(/Seq Scan on (products|product_search)\b/);
      // Read in the list's order from the index: no sort of every match before the limit.
      if (label.includes('price'))
        expect(text).toMatch(/Index Scan( Backward)? using products_(published|category)_price_idx/);
      else if (!label.includes('few')) expect(text).toMatch(walksTheIndex);
    } else {
      // SCAN without USING is a pass over every row of the table (SEARCH and index scans are fine).
      expect(text).not.toMatch(/SCAN (l|p|s|products)$/m);
      // The only sort allowed is of the page's own rows (limit + 1, read by primary key) at the top.
      for (const line of text.split('\n')) if (line.includes('TEMP B-TREE')) expect(line).toMatch(/^0: /);
    }
  });
});
