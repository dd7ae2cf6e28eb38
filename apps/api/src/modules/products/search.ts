import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Engine, Executor } from '../../db/database.js';
import { termsOf } from './terms.js';

/** Rows per statement when re-indexing many products (a category rename): well under both engines' parameter limits. */
const CHUNK = 500;

/**
 * Rewrites the search words of these products from their name, description and category name. Call it in
 * the transaction that changed them; the engine's full-text index follows in the same statement (0011).
 */
export async function indexProductSearch(db: Executor, productIds: readonly number[]): Promise<void> {
  for (let start = 0; start < productIds.length; start += CHUNK) {
    const rows = await db
      .selectFrom('products as p')
      .leftJoin('categories as c', 'c.id', 'p.category_id')
      .select(['p.id', 'p.name', 'p.description', 'c.name as category_name'])
      .where('p.id', 'in', productIds.slice(start, start + CHUNK))
      .execute();
    if (rows.length === 0) continue;
    await db
      .insertInto('product_search')
      .values(rows.map((r) => ({ product_id: r.id, terms: termsOf(r.name, r.description, r.category_name).join(' ') })))
      .onConflict((oc) => oc.column('product_id').doUpdateSet((eb) => ({ terms: eb.ref('excluded.terms') })))
      .execute();
  }
}

/**
 * The products, published or not, that have for each query word a word starting with it, read from the
 * engine's full-text index as rows `{ id }`. Words come from queryTerms (letters and digits only), so
 * quoting them is enough to keep them words.
 */
export function matchingIds(engine: Engine, words: readonly string[]): RawBuilder<{ id: number }> {
  if (engine === 'postgres') {
    const query = words.map((w) => `'${w}':*`).join(' & ');
    return sql`select product_id as id from product_search where document @@ ${query}::tsquery`;
  }
  const query = words.map((w) => `"${w}"*`).join(' ');
  return sql`select rowid as id from product_search_fts where product_search_fts match ${query}`;
}

/**
 * The same match tested on one product's stored words (the `s` row of product_search): each word must
 * start one of them. No index is involved, which is the point: a walk down the newest-first index tests
 * each product it passes in about a microsecond, where an FTS5 prefix lookup per product took ~1 ms.
 */
export function termsStartWith(engine: Engine, words: readonly string[]): RawBuilder<SqlBool>[] {
  const find = engine === 'postgres' ? sql.raw('strpos') : sql.raw('instr');
  return words.map((w) => sql<SqlBool>`${find}(' ' || s.terms, ${` ${w}`}) > 0`);
}
