import { DEFAULT_LOCATION, type ProductSort } from '@marketplace/shared';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Engine } from '../../../db/database.js';
import type { Database } from '../../../db/schema.js';
import type { PagePosition } from '../cursor.js';
import type { Found, Scope, Slice } from '../list-slices.js';
import { matchingIds, termsMatch } from './search.js';

// The SQL of the public lists (listing.ts decides which to run): which products a list holds, read in
// order from an index, gathered from the full-text index, or counted.

/** The price buyers see and pay (orders charge it; sale_price is the back-office's own figure). */
const PRICE = sql<number>`l.price`;

/**
 * Where the item is, as the public product says (its shop's town, else its own location, else the
 * default), lower-cased. "Lilongwe, Area 47" is in Lilongwe: the town is the part before a comma.
 */
function inTown(engine: Engine, town: string): RawBuilder<SqlBool> {
  const place = sql`coalesce(nullif(l.location, ''), ${DEFAULT_LOCATION})`;
  const beforeComma =
    engine === 'postgres'
      ? sql`split_part(${place}, ',', 1)`
      : sql`substr(${place} || ',', 1, instr(${place} || ',', ',') - 1)`;
  // The shops are few: their ids are looked up once, not a shop read per product.
  const shopsIn = sql`(select t.id from shops t where lower(trim(t.town)) = ${town})`;
  const townless = sql`(select t.id from shops t where trim(t.town) = '')`;
  return sql<SqlBool>`(l.shop_id in ${shopsIn} or ((l.shop_id is null or l.shop_id in ${townless}) and lower(trim(${beforeComma})) = ${town}))`;
}

/**
 * The list's conditions on the product row `l`. `order` is the index a walk reads in: a price range
 * then stays a plain filter unless the walk is in price order, so SQLite does not pick the price index
 * for the range and sort every product in it by date (the `+` keeps a column out of index choice).
 */
function filtersOf(
  slice: Slice,
  after?: PagePosition,
  order?: Exclude<ProductSort, 'relevance'>,
): RawBuilder<SqlBool>[] {
  const { scope } = slice;
  const out: RawBuilder<SqlBool>[] = [];
  if (scope.published) out.push(sql`l.published = 1`);
  if (scope.categoryId !== undefined) out.push(sql`l.category_id = ${scope.categoryId}`);
  if (scope.availableOnly)
    out.push(sql`l.sold = 0`, sql`not exists (select 1 from product_holds h where h.product_id = l.id)`);
  const price = order === 'newest' ? sql`+${PRICE}` : PRICE;
  if (scope.minPrice !== undefined) out.push(sql`${price} >= ${scope.minPrice}`);
  if (scope.maxPrice !== undefined) out.push(sql`${price} <= ${scope.maxPrice}`);
  if (scope.condition !== undefined) out.push(sql`l.condition = ${scope.condition}`);
  // lower() on both sides: each engine folds case its own way, the same way for the index (migration 0031).
  if (scope.brand !== undefined) out.push(sql`lower(l.brand) = lower(${scope.brand})`);
  if (scope.storageGb !== undefined) out.push(sql`l.storage_gb = ${scope.storageGb}`);
  if (scope.ramGb !== undefined) out.push(sql`l.ram_gb = ${scope.ramGb}`);
  if (scope.town !== undefined) out.push(inTown(scope.engine, scope.town));
  if (scope.shopId !== undefined) out.push(sql`l.shop_id = ${scope.shopId}`);
  if (after) out.push(afterPosition(after));
  return out;
}

/** Rows after a page's last one, in its order (row values, which the sort's index serves). */
function afterPosition(after: PagePosition): RawBuilder<SqlBool> {
  if ('price' in after)
    return after.sort === 'price_asc'
      ? sql`(${PRICE}, l.id) > (${after.price}, ${after.id})`
      : sql`(${PRICE}, l.id) < (${after.price}, ${after.id})`;
  return sql`(l.created_at, l.id) < (${after.createdAt}, ${after.id})`;
}

/** The slice's search, tested on the stored words `s` of the product. */
function wordsMatch(slice: Slice): RawBuilder<SqlBool> {
  const { engine, query } = slice.scope;
  const matched = termsMatch(engine, query, slice.field);
  return slice.notNamed ? sql<SqlBool>`(${matched} and not ${termsMatch(engine, query, 'name')})` : matched;
}

/**
 * The slice's matches, unordered, up to `limit` of them, driven by the full-text index (so no engine is
 * tempted to walk the whole catalogue for a rare word).
 */
export async function gather(k: Kysely<Database>, slice: Slice, limit?: number): Promise<Found[]> {
  // CROSS JOIN keeps SQLite from reordering: the index lookup is the outer loop (PostgreSQL plans freely).
  let query = k
    .selectFrom(sql<{ id: number }>`(${matchingIds(slice.scope.engine, slice.scope.query, slice.field)})`.as('m'))
    .crossJoin('products as l')
    .whereRef('l.id', '=', 'm.id')
    .where((eb) => eb.and(filtersOf(slice)));
  if (slice.notNamed) {
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('product_search as s')
          .select('s.product_id')
          .whereRef('s.product_id', '=', 'l.id')
          .where(wordsMatch(slice)),
      ),
    );
  }
  const rows = await (limit === undefined ? query : query.limit(limit))
    .select(['l.id', 'l.created_at', PRICE.as('price')])
    .execute();
  return rows.map((r) => ({ ...r, price: Number(r.price) }));
}

const ORDER: Record<Exclude<ProductSort, 'relevance'>, { key: RawBuilder<unknown>; direction: 'asc' | 'desc' }> = {
  newest: { key: sql`l.created_at`, direction: 'desc' },
  price_asc: { key: PRICE, direction: 'asc' },
  price_desc: { key: PRICE, direction: 'desc' },
};

/**
 * One page of a slice (`need` rows), walking the sort's index: skipped rows (an offset) cost an index step
 * each, not a row read. A search tests each product's stored words as it passes, among at most `budget`
 * products; both engines stop walking as soon as the page is full.
 */
export async function walk(
  k: Kysely<Database>,
  slice: Slice,
  page: {
    sort: Exclude<ProductSort, 'relevance'>;
    after: PagePosition | undefined;
    offset: number;
    need: number;
    budget?: number;
  },
): Promise<Found[]> {
  const { sort, after, offset, need, budget } = page;
  const { key, direction } = ORDER[sort];
  const ordered = k
    .selectFrom('products as l')
    .where((eb) => eb.and(filtersOf(slice, after, sort)))
    .select(['l.id', 'l.created_at', PRICE.as('price')])
    .orderBy(key, direction)
    .orderBy('l.id', direction);
  let rows: { id: number; created_at: string; price: number | string }[];
  if (slice.scope.query.length === 0) {
    rows = await ordered.limit(need).offset(offset).execute();
  } else {
    const wKey = sort === 'newest' ? sql.ref('w.created_at') : sql.ref('w.price');
    rows = await k
      .selectFrom((budget === undefined ? ordered : ordered.limit(budget)).as('w'))
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('product_search as s')
            .select('s.product_id')
            .whereRef('s.product_id', '=', 'w.id')
            .where(wordsMatch(slice)),
        ),
      )
      .selectAll('w')
      .orderBy(wKey, direction)
      .orderBy('w.id', direction)
      .limit(need)
      .offset(offset)
      .execute();
  }
  return rows.map((r) => ({ ...r, price: Number(r.price) }));
}

/** Unfiltered lists and categories: one row of product_counts, kept by triggers (migration 0011). */
export async function countedProducts(k: Kysely<Database>, scope: Scope): Promise<number> {
  let counted = k
    .selectFrom('product_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('products'), eb.lit(0)).as('n'))
    .where('category_id', '=', scope.categoryId ?? 0);
  if (scope.published) counted = counted.where('published', '=', 1);
  return Number((await counted.executeTakeFirstOrThrow()).n);
}

/** Counts a slice's matches, reading at most `limit` of them when given. */
export async function countOf(k: Kysely<Database>, slice: Slice, limit?: number): Promise<number> {
  let matches =
    slice.scope.query.length > 0
      ? k
          .selectFrom(sql<{ id: number }>`(${matchingIds(slice.scope.engine, slice.scope.query, slice.field)})`.as('m'))
          .crossJoin('products as l')
          .whereRef('l.id', '=', 'm.id')
      : k.selectFrom('products as l');
  matches = matches.where((eb) => eb.and(filtersOf(slice)));
  const counted = matches.select(sql<number>`1`.as('one'));
  const { n } = await k
    .selectFrom((limit === undefined ? counted : counted.limit(limit)).as('c'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}
