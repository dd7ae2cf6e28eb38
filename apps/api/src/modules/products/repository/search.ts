import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Engine, Executor } from '../../../db/database.js';
import type { Reading, SearchQuery, Term } from '../search-query.js';
import { termsOf } from '../terms.js';

/** Rows per statement when re-indexing many products (a category rename): well under both engines' parameter limits. */
const CHUNK = 500;

/**
 * Where a search looks: `all` the product's words, or only `name` (its name and category: what the item
 * is, ranked above a mere mention in a description).
 */
export type SearchField = 'all' | 'name';

/**
 * Rewrites the search words of these products from their name, category name and description, and adds
 * new words to the vocabulary typos are corrected against. Call it in the transaction that changed them;
 * the engine's full-text index follows in the same statement (0011, 0012).
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
    const values = rows.map((r) => ({
      product_id: r.id,
      name_terms: termsOf(r.name, r.category_name).join(' '),
      terms: termsOf(r.name, r.category_name, r.description).join(' '),
    }));
    await db
      .insertInto('product_search')
      .values(values)
      .onConflict((oc) =>
        oc
          .column('product_id')
          .doUpdateSet((eb) => ({ terms: eb.ref('excluded.terms'), name_terms: eb.ref('excluded.name_terms') })),
      )
      .execute();
    // Sorted, so that two transactions adding words lock them in the same order (no deadlock on PostgreSQL).
    const words = [...new Set(values.flatMap((v) => v.terms.split(' ')))].filter(Boolean).sort();
    for (let w = 0; w < words.length; w += CHUNK) {
      await db
        .insertInto('search_words')
        .values(words.slice(w, w + CHUNK).map((word) => ({ word })))
        .onConflict((oc) => oc.column('word').doNothing())
        .execute();
    }
  }
}

// Terms are letters and digits only (terms.ts), so quoting them is enough to keep them words.
const ftsTerm = (term: Term) => `(${term.map((p) => `"${p}"*`).join(' OR ')})`;
const tsTerm = (term: Term) => `(${term.map((p) => `'${p}':*`).join(' | ')})`;
const both = (reading: Reading, render: (t: Term) => string, and: string) => `(${reading.map(render).join(and)})`;

/** The search as the engine's full-text query language writes it. */
function fullTextQuery(engine: Engine, query: SearchQuery): string {
  if (engine === 'postgres')
    return query.map((w) => `(${w.readings.map((r) => both(r, tsTerm, ' & ')).join(' | ')})`).join(' & ');
  return query.map((w) => `(${w.readings.map((r) => both(r, ftsTerm, ' AND ')).join(' OR ')})`).join(' AND ');
}

/** The products, published or not, matching the search in `field`, from the engine's full-text index, as rows `{ id }`. */
export function matchingIds(engine: Engine, query: SearchQuery, field: SearchField): RawBuilder<{ id: number }> {
  const text = fullTextQuery(engine, query);
  if (engine === 'postgres') {
    const document = sql.raw(field === 'name' ? 'name_document' : 'document');
    return sql`select product_id as id from product_search where ${document} @@ ${text}::tsquery`;
  }
  const match = field === 'name' ? `{name_terms} : (${text})` : text;
  return sql`select rowid as id from product_search_fts where product_search_fts match ${match}`;
}

/**
 * The same match tested on one product's stored words (the `s` row of product_search): no index is
 * involved, which is the point: a walk down a sorted index tests each product it passes in about a
 * microsecond, where a full-text lookup per product took ~1 ms.
 */
export function termsMatch(engine: Engine, query: SearchQuery, field: SearchField): RawBuilder<SqlBool> {
  const find = sql.raw(engine === 'postgres' ? 'strpos' : 'instr');
  const column = sql.raw(field === 'name' ? 's.name_terms' : 's.terms');
  const term = (t: Term) =>
    sql.join(
      t.map((p) => sql`${find}(' ' || ${column}, ${` ${p}`}) > 0`),
      sql` or `,
    );
  const reading = (r: Reading) =>
    sql.join(
      r.map((t) => sql`(${term(t)})`),
      sql` and `,
    );
  return sql<SqlBool>`(${sql.join(
    query.map(
      (w) =>
        sql`(${sql.join(
          w.readings.map((r) => sql`(${reading(r)})`),
          sql` or `,
        )})`,
    ),
    sql` and `,
  )})`;
}
