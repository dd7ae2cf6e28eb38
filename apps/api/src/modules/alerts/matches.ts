import type { AlertFilters } from '@marketplace/shared';
import type { Selectable } from 'kysely';
import type { Db, Executor } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { listProducts, findProduct, heldOf } from '../products/index.js';

export type AlertRow = Selectable<Database['alerts']>;

/** How many of a search's newest matches are looked at, when set and at every sweep. */
const SEARCH_WINDOW = 50;

/** Where an item stands for its alert: the price buyers pay and whether it can be ordered now. */
export interface ItemState {
  id: number;
  name: string;
  price: number;
  orderable: boolean;
  sold: boolean;
}

export async function itemState(db: Executor, productId: number): Promise<ItemState | undefined> {
  const row = await findProduct(db, productId);
  if (!row) return undefined;
  const held = await heldOf(db, [row.id]);
  // What placeOrders refuses (decision 0062, 0035): unpublished, sold, held by an order, or on its way to a shop.
  const orderable = row.published === 1 && row.sold === 0 && !held.has(row.id) && row.transit_shop_id === null;
  return { id: row.id, name: row.name, price: Number(row.price), orderable, sold: row.sold === 1 };
}

/** The filters as stored: only those set, in a fixed order (so the same search is the same alert). */
export function storedFilters(filters: AlertFilters): string | null {
  const keys = ['min_price', 'max_price', 'town', 'condition', 'brand', 'storage', 'ram'] as const;
  // Brands match in any case: one alert for "Samsung" and "samsung".
  const normal = { ...filters, brand: filters.brand?.toLowerCase() };
  const entries = keys.flatMap((key) => (normal[key] === undefined ? [] : [[key, normal[key]] as const]));
  return entries.length === 0 ? null : JSON.stringify(Object.fromEntries(entries));
}

export function filtersOf(stored: string | null): AlertFilters {
  return stored === null ? {} : (JSON.parse(stored) as AlertFilters);
}

/**
 * The newest published items matching a search, found by the catalogue's own listing (the search and filters
 * GET /v1/products applies), so an alert matches exactly what the buyer would see.
 */
export async function searchMatches(db: Db, query: string, filters: AlertFilters) {
  const page = await listProducts(db, {
    search: query,
    minPrice: filters.min_price,
    maxPrice: filters.max_price,
    town: filters.town,
    condition: filters.condition,
    brand: filters.brand,
    storageGb: filters.storage,
    ramGb: filters.ram,
    sort: 'newest',
    limit: SEARCH_WINDOW,
    offset: 0,
  });
  return page.rows.filter((row) => row.sold === 0);
}
