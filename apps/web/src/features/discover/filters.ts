import { specFiltersFrom } from './spec-filters';
import { CONDITION_GRADES, PRODUCT_SORTS, type ConditionGrade, type ProductSort } from '@marketplace/shared';

/**
 * What a buyer narrowed discover or a search to, as the URL holds it (so a filtered page can be shared and
 * the back button returns to it) and as the API takes it: the same names, min_price ... sort.
 */
export interface DiscoverFilters {
  min_price?: string;
  max_price?: string;
  town?: string;
  condition?: ConditionGrade;
  /** Brand, storage and memory in GB (decision 0069). */
  brand?: string;
  storage?: string;
  ram?: string;
  sort?: ProductSort;
}

const FILTER_KEYS = ['min_price', 'max_price', 'town', 'condition', 'brand', 'storage', 'ram', 'sort'] as const;

const isGrade = (v: string): v is ConditionGrade => (CONDITION_GRADES as readonly string[]).includes(v);
const isSort = (v: string): v is ProductSort => (PRODUCT_SORTS as readonly string[]).includes(v);

/** The filters in a URL, leaving out what the API would refuse (a hand-edited link still shows a page). */
export function filtersFrom(params: URLSearchParams): DiscoverFilters {
  const out: DiscoverFilters = {};
  for (const key of ['min_price', 'max_price'] as const) {
    const value = params.get(key)?.trim() ?? '';
    if (/^\d{1,10}$/.test(value)) out[key] = String(Number(value));
  }
  const town = params.get('town')?.trim() ?? '';
  if (town && town.length <= 60) out.town = town;
  const condition = params.get('condition') ?? '';
  if (isGrade(condition)) out.condition = condition;
  Object.assign(out, specFiltersFrom(params));
  const sort = params.get('sort') ?? '';
  if (isSort(sort)) out.sort = sort;
  return out;
}

/** `&min_price=...` for the filters set, in a fixed order (one cache entry per filtered page). */
export function filterQuery(filters: DiscoverFilters): string {
  return FILTER_KEYS.flatMap((key) => (filters[key] ? [`&${key}=${encodeURIComponent(filters[key])}`] : [])).join('');
}

/** How many filters narrow the list: a price range is one, the order is none. */
export function activeFilters(filters: DiscoverFilters): number {
  return [
    filters.min_price || filters.max_price,
    filters.town,
    filters.condition,
    filters.brand,
    filters.storage,
    filters.ram,
  ].filter(Boolean).length;
}

/** The discover URL for a search or category with these filters; empty values are left out. */
export function discoverUrl(base: { search?: string; category?: string }, filters: DiscoverFilters): string {
  const params = new URLSearchParams();
  if (base.search) params.set('search', base.search);
  else if (base.category) params.set('category', base.category);
  for (const key of FILTER_KEYS) if (filters[key]) params.set(key, filters[key]);
  const query = params.toString();
  return query ? `/discover?${query}` : '/discover';
}
