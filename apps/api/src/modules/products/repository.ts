import { DEFAULT_LOCATION } from '@marketplace/shared';
import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { CategoriesTable, ProductsTable, ShopsTable } from '../../db/schema.js';

type Product = Selectable<ProductsTable>;
type Shop = Selectable<ShopsTable>;

/** A product with its category's and shop's names: null when it has none (left joins). */
export type ProductRecord = Pick<
  Product,
  | 'id'
  | 'name'
  | 'description'
  | 'price'
  | 'sale_price'
  | 'currency'
  | 'location'
  | 'shop_id'
  | 'category_id'
  | 'published'
  | 'sold'
  | 'condition'
  | 'warranty_days'
  | 'battery_health'
  | 'brand'
  | 'storage_gb'
  | 'ram_gb'
  | 'ceir'
  | 'transit_shop_id'
  | 'created_at'
  | 'updated_at'
> & {
  category_name: Selectable<CategoriesTable>['name'] | null;
  shop_name: Shop['name'] | null;
  shop_town: Shop['town'] | null;
  shop_address: Shop['address'] | null;
  shop_hours: Shop['hours'] | null;
  shop_phone: Shop['phone'] | null;
  shop_delivery_fee: Shop['delivery_fee'] | null;
  transit_town: Shop['town'] | null;
};

export function fromProducts(db: Executor) {
  return db.selectFrom('products as p');
}

/** The columns of a ProductRecord: the product with its category's and shop's names. */
export function withColumns(query: ReturnType<typeof fromProducts>) {
  return query
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .leftJoin('shops as s', 's.id', 'p.shop_id')
    .leftJoin('shops as ts', 'ts.id', 'p.transit_shop_id')
    .select([
      'p.id',
      'p.name',
      'p.description',
      'p.price',
      'p.sale_price',
      'p.currency',
      'p.location',
      'p.shop_id',
      'p.category_id',
      'c.name as category_name',
      'p.published',
      'p.sold',
      'p.condition',
      'p.warranty_days',
      'p.battery_health',
      'p.brand',
      'p.storage_gb',
      'p.ram_gb',
      'p.ceir',
      'p.transit_shop_id',
      'p.created_at',
      'p.updated_at',
      's.name as shop_name',
      's.town as shop_town',
      's.address as shop_address',
      's.hours as shop_hours',
      's.phone as shop_phone',
      's.delivery_fee as shop_delivery_fee',
      'ts.town as transit_town',
    ]);
}

export async function findProduct(db: Executor, id: number): Promise<ProductRecord | undefined> {
  return withColumns(fromProducts(db)).where('p.id', '=', id).executeTakeFirst();
}

export async function listFeaturedPublished(db: Executor): Promise<ProductRecord[]> {
  return (
    withColumns(fromProducts(db))
      .innerJoin('featured_products as f', 'f.product_id', 'p.id')
      .where('p.published', '=', 1)
      // A featured item that sells leaves the home page's Featured Items (it keeps its own page).
      .where('p.sold', '=', 0)
      .orderBy('f.created_at', 'desc')
      .orderBy('f.id', 'desc')
      .execute()
  );
}

/** File names per product, in gallery order (position 0 is the cover). */
export async function imagesOf(db: Executor, productIds: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (productIds.length === 0) return map;
  const rows = await db
    .selectFrom('product_images as pi')
    .innerJoin('images as i', 'i.id', 'pi.image_id')
    .select(['pi.product_id', 'i.filename'])
    .where('pi.product_id', 'in', productIds)
    .orderBy('pi.product_id')
    .orderBy('pi.position')
    .execute();
  for (const row of rows) {
    const list = map.get(row.product_id) ?? [];
    list.push(row.filename);
    map.set(row.product_id, list);
  }
  return map;
}

/** The products of the list held by an open order (reserved). */
export async function heldOf(db: Executor, productIds: number[]): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('product_holds')
    .select('product_id')
    .where('product_id', 'in', productIds)
    .execute();
  return new Set(rows.map((r) => r.product_id));
}

export async function watchersOf(db: Executor, productIds: number[]): Promise<Map<number, number>> {
  const map = new Map<number, number>();
  if (productIds.length === 0) return map;
  const rows = await db
    .selectFrom('product_interests')
    .select(['product_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('product_id', 'in', productIds)
    .groupBy('product_id')
    .execute();
  for (const row of rows) map.set(row.product_id, Number(row.n));
  return map;
}

/**
 * Adds a watcher unless its address group already added `limit` to this product since `since`, counted in
 * the insert itself (on PostgreSQL two requests from one address at the same instant may still pass one
 * count; the per-minute rate limit bounds that). True when the visitor is counted (newly or already).
 */
export async function addInterest(
  db: Executor,
  w: { productId: number; visitorId: string; addressGroup: string; at: string; since: string; limit: number },
): Promise<boolean> {
  const recent = db
    .selectFrom('product_interests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('product_id', '=', w.productId)
    .where('address_group', '=', w.addressGroup)
    .where('created_at', '>', w.since);
  await db
    .insertInto('product_interests')
    .columns(['product_id', 'visitor_id', 'created_at', 'address_group'])
    .expression(
      db
        .selectNoFrom((eb) => [
          // PostgreSQL reads an untyped parameter as text, which an integer column does not take.
          sql<number>`cast(${w.productId} as integer)`.as('product_id'),
          eb.val(w.visitorId).as('visitor_id'),
          eb.val(w.at).as('created_at'),
          eb.val(w.addressGroup).as('address_group'),
        ])
        .where(recent, '<', w.limit),
    )
    .onConflict((oc) => oc.columns(['product_id', 'visitor_id']).doNothing())
    .execute();
  const mine = await db
    .selectFrom('product_interests')
    .select('visitor_id')
    .where('product_id', '=', w.productId)
    .where('visitor_id', '=', w.visitorId)
    .executeTakeFirst();
  return mine !== undefined;
}

export async function removeInterest(db: Executor, productId: number, visitorId: string) {
  await db
    .deleteFrom('product_interests')
    .where('product_id', '=', productId)
    .where('visitor_id', '=', visitorId)
    .execute();
}

/**
 * The towns where published items are, sorted: each item's shop town, else the town of its own location
 * ("Lilongwe, Area 47" is in Lilongwe), else the default. The town filter compares the same way.
 */
export async function listedTowns(db: Executor): Promise<string[]> {
  const rows = await db
    .selectFrom('products as p')
    .leftJoin('shops as s', 's.id', 'p.shop_id')
    .select(sql<string | null>`coalesce(nullif(s.town, ''), nullif(p.location, ''))`.as('place'))
    .where('p.published', '=', 1)
    .distinct()
    .execute();
  const towns = new Map<string, string>();
  for (const { place } of rows) {
    const town = (place ?? DEFAULT_LOCATION).split(',')[0]!.trim();
    if (town && !towns.has(town.toLowerCase())) towns.set(town.toLowerCase(), town);
  }
  return [...towns.values()].sort((a, b) => a.localeCompare(b));
}

/** What a stock move or a buyer's stock request checks of an item (stock-moves, decision 0062). */
export function productForMove(db: Executor, id: number) {
  return db
    .selectFrom('products')
    .select(['id', 'name', 'shop_id', 'published', 'sold', 'hidden_by_reports', 'transit_shop_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Where the item is going (null once it arrives or the move is called off) and, on arrival, its new shop. */
export async function setProductTransit(
  db: Executor,
  id: number,
  values: { transit_shop_id: number | null; updated_at: string; shop_id?: number },
) {
  await db.updateTable('products').set(values).where('id', '=', id).execute();
}
