import { sql, type Kysely, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import type { Db, Engine } from '../../db/database.js';
import type { Database, ProductsTable } from '../../db/schema.js';
import { encodeCursor, type PagePosition } from './cursor.js';
import { fromProducts, withColumns, type ProductRecord } from './repository.js';
import { matchingIds, termsStartWith } from './search.js';
import { queryTerms } from './terms.js';

/**
 * Public totals of a search or of available items stop counting past this many (`total_capped`): the
 * count reads at most this many rows, and a search with no more matches than this simply sorts them.
 */
export const COUNT_CAP = 200;

/**
 * A search with more matches walks the newest products, testing each, for at most this many products per
 * result it needs (matches at least 1 in 100 of them). Sparser matches are cheaper to gather and sort.
 */
const WALK_PER_RESULT = 100;

export interface ProductListFilter {
  /** The public sees published products only; the back-office sees all. */
  includeUnpublished?: boolean;
  search?: string;
  categoryKey?: string;
  /** Only items that can be bought now: not sold and not held by an open order. */
  availableOnly?: boolean;
  limit: number;
  offset: number;
  /** Keyset paging: the page starts after this product (newest first). */
  after?: PagePosition | undefined;
  /** Count every match (the back-office pages over them); the public count stops at COUNT_CAP. */
  exactTotal?: boolean;
}

export interface ProductPage {
  rows: ProductRecord[];
  total: number;
  /** Counting stopped at COUNT_CAP: total is a lower bound. */
  totalCapped: boolean;
  /** Where the next page starts; null when this page is the last. */
  nextCursor: string | null;
}

interface Scope {
  engine: Engine;
  published: boolean;
  categoryId: number | undefined;
  availableOnly: boolean;
  words: string[];
}

/** A match before its row is read: what the list sorts by. */
type Found = Pick<Selectable<ProductsTable>, 'id' | 'created_at'>;

const emptyPage = (): ProductPage => ({ rows: [], total: 0, totalCapped: false, nextCursor: null });

/** Products, newest first (created_at, id), with the total for paging. */
export async function listProducts(db: Db, filter: ProductListFilter): Promise<ProductPage> {
  const k = db.kysely;
  const search = filter.search ?? '';
  const words = queryTerms(search);
  // A search made only of punctuation has no words to look up: nothing matches.
  if (search.trim() !== '' && words.length === 0) return emptyPage();
  let categoryId: number | undefined;
  if (filter.categoryKey !== undefined) {
    categoryId = (await k.selectFrom('categories').select('id').where('name_key', '=', filter.categoryKey).executeTakeFirst())?.id;
    if (categoryId === undefined) return emptyPage();
  }
  const scope: Scope = { engine: db.engine, published: !filter.includeUnpublished, categoryId, availableOnly: filter.availableOnly ?? false, words };
  if (words.length > 0) return searchPage(k, scope, filter);

  if (!scope.availableOnly) {
    const total = await countedProducts(k, scope);
    return pageFrom(total === 0 ? [] : await rowsOf(k, await walkIds(k, scope, filter)), filter.limit, total, false);
  }
  const counted = await countOf(k, scope, filter.exactTotal ? undefined : COUNT_CAP + 1);
  const capped = counted > COUNT_CAP && !filter.exactTotal;
  return pageFrom(await rowsOf(k, await walkIds(k, scope, filter)), filter.limit, capped ? COUNT_CAP : counted, capped);
}

/**
 * A search reads up to COUNT_CAP + 1 matches from the full-text index, unordered (so no engine is tempted
 * to walk the whole catalogue for a rare word). No more than COUNT_CAP: that is the exact total, sorted
 * here. More: the page is found walking the newest-first index, testing each product, within a budget;
 * matches too sparse for the budget (or the list's last page) are all gathered and sorted instead.
 */
async function searchPage(k: Kysely<Database>, scope: Scope, filter: ProductListFilter): Promise<ProductPage> {
  const some = await candidates(k, scope, COUNT_CAP + 1);
  if (some.length <= COUNT_CAP) return gathered(k, some, filter);
  const ids = await walkIds(k, scope, filter, WALK_PER_RESULT * (filter.offset + filter.limit + 1));
  if (ids.length <= filter.limit) return gathered(k, await candidates(k, scope), filter);
  const exact = filter.exactTotal ? await countOf(k, scope) : undefined;
  return pageFrom(await rowsOf(k, ids), filter.limit, exact ?? COUNT_CAP, exact === undefined);
}

/** The matches, unordered, up to `limit` of them: id and creation time, driven by the full-text index. */
async function candidates(k: Kysely<Database>, scope: Scope, limit?: number): Promise<Found[]> {
  const query = fromMatches(k, scope)
    .where((eb) => eb.and(filtersOf(scope)))
    .select(['l.id', 'l.created_at']);
  return (limit === undefined ? query : query.limit(limit)).execute();
}

/** All the matches: their count is the total, and the page is cut from them sorted here, newest first. */
async function gathered(k: Kysely<Database>, found: Found[], filter: ProductListFilter): Promise<ProductPage> {
  const after = filter.after ? { id: filter.after.id, created_at: filter.after.createdAt } : undefined;
  const ids = found
    .sort((a, b) => (newer(a, b) ? -1 : 1))
    .filter((r) => !after || newer(after, r))
    .slice(filter.offset, filter.offset + filter.limit + 1)
    .map((r) => r.id);
  return pageFrom(await rowsOf(k, ids), filter.limit, found.length, false);
}

/** The list's order, newest first: created_at, then id. The same comparison as the SQL's ORDER BY. */
function newer(a: Found, b: Found): boolean {
  return a.created_at === b.created_at ? a.id > b.id : a.created_at > b.created_at;
}

/** Trims the look-ahead row (fetched only to know whether another page follows) into a cursor. */
function pageFrom(rows: ProductRecord[], limit: number, total: number, totalCapped: boolean): ProductPage {
  const more = rows.length > limit;
  if (more) rows.length = limit;
  const last = rows.at(-1);
  return { rows, total, totalCapped, nextCursor: more && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null };
}

/** The list's conditions on the product row `l`, as SQL that both row sources below can take. */
function filtersOf(scope: Scope, after?: PagePosition): RawBuilder<SqlBool>[] {
  const out: RawBuilder<SqlBool>[] = [];
  if (scope.published) out.push(sql`l.published = 1`);
  if (scope.categoryId !== undefined) out.push(sql`l.category_id = ${scope.categoryId}`);
  if (scope.availableOnly) out.push(sql`l.sold = 0`, sql`not exists (select 1 from product_holds h where h.product_id = l.id)`);
  if (after) out.push(sql`(l.created_at, l.id) < (${after.createdAt}, ${after.id})`);
  return out;
}

/** The matching products, driven by the full-text index: rows come as the index yields them. */
function fromMatches(k: Kysely<Database>, scope: Scope) {
  // CROSS JOIN keeps SQLite from reordering: the index lookup is the outer loop (PostgreSQL plans freely).
  return k
    .selectFrom(sql<{ id: number }>`(${matchingIds(scope.engine, scope.words)})`.as('m'))
    .crossJoin('products as l')
    .whereRef('l.id', '=', 'm.id');
}

/** Unfiltered lists and categories: one row of product_counts, kept by triggers (migration 0011). */
async function countedProducts(k: Kysely<Database>, scope: Scope): Promise<number> {
  let counted = k
    .selectFrom('product_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('products'), eb.lit(0)).as('n'))
    .where('category_id', '=', scope.categoryId ?? 0);
  if (scope.published) counted = counted.where('published', '=', 1);
  return Number((await counted.executeTakeFirstOrThrow()).n);
}

/** Counts the matches, reading at most `limit` of them when given. */
async function countOf(k: Kysely<Database>, scope: Scope, limit?: number): Promise<number> {
  const source = scope.words.length > 0 ? fromMatches(k, scope) : k.selectFrom('products as l');
  const matches = source.where((eb) => eb.and(filtersOf(scope))).select(sql<number>`1`.as('one'));
  const { n } = await k
    .selectFrom((limit === undefined ? matches : matches.limit(limit)).as('c'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * The ids of one page (plus one, to know whether another follows), walking the newest-first index: from
 * the index alone, so skipped rows (an offset) cost an index step each, not a row read. A search tests
 * each product's stored words as it passes, among at most `budget` products; both engines stop walking
 * as soon as the page is full.
 */
async function walkIds(k: Kysely<Database>, scope: Scope, filter: ProductListFilter, budget?: number): Promise<number[]> {
  const newest = k
    .selectFrom('products as l')
    .where((eb) => eb.and(filtersOf(scope, filter.after)))
    .select(['l.id', 'l.created_at'])
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc');
  const page = { limit: filter.limit + 1, offset: filter.offset };
  if (scope.words.length === 0) return (await newest.limit(page.limit).offset(page.offset).execute()).map((r) => r.id);
  const rows = await k
    .selectFrom((budget === undefined ? newest : newest.limit(budget)).as('w'))
    .where(({ exists, selectFrom, and }) =>
      exists(selectFrom('product_search as s').select('s.product_id').whereRef('s.product_id', '=', 'w.id').where(and(termsStartWith(scope.engine, scope.words)))),
    )
    .select('w.id')
    .orderBy('w.created_at', 'desc')
    .orderBy('w.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The rows of a page's ids, newest first. A statement of its own (not `id in (subquery)`), so that every
 * engine, whatever the catalogue's size, fetches them by primary key instead of joining against a scan.
 */
async function rowsOf(k: Kysely<Database>, ids: number[]): Promise<ProductRecord[]> {
  if (ids.length === 0) return [];
  return withColumns(fromProducts(k)).where('p.id', 'in', ids).orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').execute();
}
