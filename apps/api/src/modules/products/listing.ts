import { ALL_CATEGORIES, type ConditionGrade, type ProductSort } from '@marketplace/shared';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { encodeCursor, type PagePosition } from './cursor.js';
import { hasFilters, scopeOf, type Found, type Scope, type Slice } from './list-slices.js';
import { countedProducts, countOf, gather, walk } from './repository/list-slices.js';
import { categoryIdByKey, fromProducts, withColumns, type ProductRecord } from './repository.js';
import type { SearchField } from './repository/search.js';
import { parseSearch, withCorrections } from './search-query.js';
import { correctionsOf } from './typos.js';
import { splitsOf, withSplits } from './word-splits.js';
import { didYouMean } from './did-you-mean.js';

/**
 * Public totals of a search or of a filtered list stop counting past this many (`total_capped`): the
 * count reads at most this many rows, and a search with no more matches than this simply sorts them.
 */
export const COUNT_CAP = 200;

/**
 * A search with more matches walks the sorted index, testing each product, for at most this many
 * products per result it needs (matches at least 1 in 100 of them). Sparser matches are cheaper to gather.
 */
const WALK_PER_RESULT = 100;

export interface ProductListFilter {
  /** The public sees published products only; the back-office sees all. */
  includeUnpublished?: boolean;
  search?: string;
  categoryKey?: string;
  /** Only items that can be bought now: not sold and not held by an open order. */
  availableOnly?: boolean;
  /** The price buyers see and pay, both ends included. */
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  /** Where the item is: its shop's town, else its own location's town. */
  town?: string | undefined;
  condition?: ConditionGrade | undefined;
  /** Brand (any case), storage and memory in whole GB (decision 0069). */
  brand?: string | undefined;
  storageGb?: number | undefined;
  ramGb?: number | undefined;
  /** The back-office's shop filter. */
  shopId?: number | undefined;
  /** Newest first when not given. */
  sort?: ProductSort | undefined;
  /** Where a search looks: everywhere (default) or only names and categories (suggestions). */
  searchIn?: SearchField;
  limit: number;
  offset: number;
  /** Keyset paging: the page starts after this product, in the list's order (the same sort). */
  after?: PagePosition | undefined;
  /** Count every match (the back-office pages over them); the public count stops at COUNT_CAP. */
  exactTotal?: boolean;
  /** A first page that finds nothing offers a search that would ("Did you mean ...?"). */
  suggest?: boolean;
}

export interface ProductPage {
  rows: ProductRecord[];
  total: number;
  /** Counting stopped at COUNT_CAP: total is a lower bound. */
  totalCapped: boolean;
  /** Where the next page starts; null when this page is the last. */
  nextCursor: string | null;
  /** With `suggest`, for a search that found nothing: a search that finds something, or null. */
  didYouMean?: string | null;
}

/** Some of a page: matches in the slice's order, each with what the cursor needs. */
interface Part extends Matches {
  tier: 0 | 1;
}

/** A slice's matches for the page; `counted` is how many it has in all, when they were all gathered. */
interface Matches {
  found: Found[];
  counted?: number;
}

const emptyPage = (): ProductPage => ({ rows: [], total: 0, totalCapped: false, nextCursor: null });

/** A page of products in the filter's order, with the total for paging. */
export async function listProducts(db: Db, filter: ProductListFilter): Promise<ProductPage> {
  const page = await pageOf(db, filter);
  if (!filter.suggest || page.rows.length > 0 || filter.offset > 0 || filter.after) return page;
  const query = parseSearch(filter.search ?? '');
  if (query.length === 0) return page;
  const firstOf = async (search: string) =>
    (await pageOf(db, { ...filter, search, limit: 1, offset: 0, sort: 'newest' })).rows[0];
  return { ...page, didYouMean: await didYouMean(db, query, firstOf) };
}

async function pageOf(db: Db, filter: ProductListFilter): Promise<ProductPage> {
  const k = db.kysely;
  const search = filter.search ?? '';
  let query = parseSearch(search);
  // A search made only of punctuation has no words to look up: nothing matches.
  if (search.trim() !== '' && query.length === 0) return emptyPage();
  let categoryId: number | undefined;
  // `all` is every category (docs/product.md#discover): no category is allowed that name.
  if (filter.categoryKey !== undefined && filter.categoryKey !== ALL_CATEGORIES) {
    categoryId = await categoryIdByKey(k, filter.categoryKey);
    if (categoryId === undefined) return emptyPage();
  }
  const sort = filter.sort ?? 'newest';
  let scope = scopeOf(db.engine, filter, categoryId, query);
  if (query.length === 0) return plainPage(k, scope, filter, sort);

  const field = filter.searchIn ?? 'all';
  let all = await gather(k, { scope, field }, COUNT_CAP + 1);
  if (all.length === 0) {
    // Nothing as typed: try again with misspelt words corrected against the words the catalogue has, and
    // words written together that the catalogue has apart.
    const [corrections, splits] = [await correctionsOf(k, db.engine, query), await splitsOf(k, query)];
    if (corrections.size === 0 && splits.size === 0) return emptyPage();
    query = withSplits(withCorrections(query, corrections), splits);
    scope = scopeOf(db.engine, filter, categoryId, query);
    all = await gather(k, { scope, field }, COUNT_CAP + 1);
    if (all.length === 0) return emptyPage();
  }
  let total = Math.min(all.length, COUNT_CAP);
  let capped = all.length > COUNT_CAP;
  if (capped && filter.exactTotal) [total, capped] = [await countOf(k, { scope, field }), false];

  // Relevance ranks names above descriptions: within names alone it is newest first.
  const parts =
    sort === 'relevance' && field === 'all'
      ? await byRelevance(k, scope, filter, all)
      : [
          {
            ...(await sliceIds(
              k,
              { scope, field },
              { sort: sort === 'relevance' ? 'newest' : sort, filter, some: all },
            )),
            tier: 0 as const,
          },
        ];
  // Matches too sparse to walk for were all gathered: then their count is exact after all.
  // (Relevance only when the page reached tier 1 from the start: both tiers' counts are then known.)
  const counted = parts.map((p) => p.counted);
  const whole = parts.length === 2 || (parts.length === 1 && !(sort === 'relevance' && field === 'all'));
  if (capped && whole && counted.every((n) => n !== undefined))
    [total, capped] = [counted.reduce((a, b) => a! + b!, 0)!, false];
  return pageFrom(k, parts, {
    sort: sort === 'relevance' && field !== 'all' ? 'newest' : sort,
    limit: filter.limit,
    total,
    totalCapped: capped,
  });
}

/** A list without a search: read in order from the sort's index, counted from the counters when it can be. */
async function plainPage(
  k: Kysely<Database>,
  scope: Scope,
  filter: ProductListFilter,
  sort: ProductSort,
): Promise<ProductPage> {
  const slice: Slice = { scope, field: 'all' };
  const order = sort === 'relevance' ? 'newest' : sort;
  if (!scope.availableOnly && !hasFilters(scope)) {
    const total = await countedProducts(k, scope);
    const found =
      total === 0
        ? []
        : await walk(k, slice, { sort: order, after: filter.after, offset: filter.offset, need: filter.limit + 1 });
    return pageFrom(k, [{ found, tier: 0 }], { sort: order, limit: filter.limit, total, totalCapped: false });
  }
  const counted = await countOf(k, slice, filter.exactTotal ? undefined : COUNT_CAP + 1);
  const capped = counted > COUNT_CAP && !filter.exactTotal;
  const found = await walk(k, slice, {
    sort: order,
    after: filter.after,
    offset: filter.offset,
    need: filter.limit + 1,
  });
  return pageFrom(k, [{ found, tier: 0 }], {
    sort: order,
    limit: filter.limit,
    total: capped ? COUNT_CAP : counted,
    totalCapped: capped,
  });
}

/**
 * The page (plus one) of a search's matches in `sort` order. `some` is what the full-text index gave, up to
 * COUNT_CAP + 1: fewer than that is every match, sorted here. More: the page is found walking the sort's
 * index, testing each product, within a budget; matches too sparse for the budget are all gathered instead.
 */
async function sliceIds(
  k: Kysely<Database>,
  slice: Slice,
  wanted: {
    sort: Exclude<ProductSort, 'relevance'>;
    filter: Pick<ProductListFilter, 'after' | 'offset' | 'limit'>;
    some: Found[];
    need?: number;
  },
): Promise<Matches> {
  const { sort, filter, some, need = filter.limit + 1 } = wanted;
  const sorted = (found: Found[]): Matches => ({
    found: sortFound(found, sort, filter.after).slice(filter.offset, filter.offset + need),
    counted: found.length,
  });
  if (some.length <= COUNT_CAP) return sorted(some);
  const walked = await walk(k, slice, {
    sort,
    after: filter.after,
    offset: filter.offset,
    need,
    budget: WALK_PER_RESULT * (filter.offset + need),
  });
  return walked.length === need ? { found: walked } : sorted(await gather(k, slice));
}

/**
 * Relevance: first the products whose name or category matched (tier 0), then those matched only in the
 * description (tier 1), each newest first. A page may end in tier 0 and the next start in tier 1.
 */
async function byRelevance(
  k: Kysely<Database>,
  scope: Scope,
  filter: ProductListFilter,
  all: Found[],
): Promise<Part[]> {
  const need = filter.limit + 1;
  const after = filter.after?.sort === 'relevance' ? filter.after : undefined;
  const within = (position: typeof after): PagePosition | undefined =>
    position && { sort: 'newest', createdAt: position.createdAt, id: position.id };
  const named: Slice = { scope, field: 'name' };
  const described: Slice = { scope, field: 'all', notNamed: true };
  if (after?.tier === 1)
    return [
      {
        ...(await sliceIds(k, described, {
          sort: 'newest',
          filter: { after: within(after), offset: 0, limit: filter.limit },
          some: await restOf(k, described, all),
        })),
        tier: 1,
      },
    ];

  const names = await gather(k, named, COUNT_CAP + 1);
  const first = await sliceIds(k, named, {
    sort: 'newest',
    filter: { after: within(after), offset: filter.offset, limit: filter.limit },
    some: names,
  });
  if (first.found.length === need) return [{ ...first, tier: 0 }];
  // Tier 0 ends on this page: how many of it the offset skipped decides where tier 1 starts.
  const named0 = after ? 0 : names.length <= COUNT_CAP ? names.length : await countOf(k, named);
  const rest = await sliceIds(k, described, {
    sort: 'newest',
    filter: { offset: Math.max(0, filter.offset - named0), limit: filter.limit },
    some: await restOf(k, described, all),
    need: need - first.found.length,
  });
  return [
    { ...first, tier: 0 },
    { ...rest, tier: 1 },
  ];
}

/** The description-only matches among what the full-text index gave (all of them when it gave them all). */
async function restOf(k: Kysely<Database>, described: Slice, all: Found[]): Promise<Found[]> {
  return all.length <= COUNT_CAP ? gather(k, described, COUNT_CAP + 1) : all;
}

/** In the list's order: newest first (created_at, then id) or by the price paid, then id. */
function sortFound(found: Found[], sort: Exclude<ProductSort, 'relevance'>, after: PagePosition | undefined): Found[] {
  const compare =
    sort === 'newest'
      ? (a: Found, b: Found) => (a.created_at === b.created_at ? b.id - a.id : a.created_at > b.created_at ? -1 : 1)
      : sort === 'price_asc'
        ? (a: Found, b: Found) => a.price - b.price || a.id - b.id
        : (a: Found, b: Found) => b.price - a.price || b.id - a.id;
  const sorted = [...found].sort(compare);
  if (!after) return sorted;
  const mark: Found =
    'price' in after
      ? { id: after.id, created_at: '', price: after.price }
      : { id: after.id, created_at: after.createdAt, price: 0 };
  return sorted.filter((f) => compare(mark, f) < 0);
}

/** Reads the page's rows and trims the look-ahead row (fetched only to know whether another page follows) into a cursor. */
async function pageFrom(
  k: Kysely<Database>,
  parts: Part[],
  page: { sort: ProductSort; limit: number; total: number; totalCapped: boolean },
): Promise<ProductPage> {
  const { sort, limit, total, totalCapped } = page;
  const listed = parts.flatMap((p) => p.found.map((found) => ({ found, tier: p.tier })));
  const more = listed.length > limit;
  const shown = listed.slice(0, limit);
  const last = shown.at(-1);
  const rows = await rowsOf(
    k,
    shown.map((p) => p.found.id),
  );
  const position = (l: NonNullable<typeof last>): PagePosition =>
    sort === 'relevance'
      ? { sort, tier: l.tier, createdAt: l.found.created_at, id: l.found.id }
      : sort === 'newest'
        ? { sort, createdAt: l.found.created_at, id: l.found.id }
        : { sort, price: l.found.price, id: l.found.id };
  return { rows, total, totalCapped, nextCursor: more && last ? encodeCursor(position(last)) : null };
}

/**
 * The rows of a page's ids, in the page's order. A statement of its own (not `id in (subquery)`), so that
 * every engine, whatever the catalogue's size, fetches them by primary key instead of joining against a scan.
 */
async function rowsOf(k: Kysely<Database>, ids: number[]): Promise<ProductRecord[]> {
  if (ids.length === 0) return [];
  const rows = await withColumns(fromProducts(k)).where('p.id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Just these products, published ones, newest first: a visitor's saved items (`ids=`). */
export async function productsWithIds(db: Db, ids: readonly number[]): Promise<ProductRecord[]> {
  if (ids.length === 0) return [];
  return withColumns(fromProducts(db.kysely))
    .where('p.id', 'in', ids)
    .where('p.published', '=', 1)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
}
