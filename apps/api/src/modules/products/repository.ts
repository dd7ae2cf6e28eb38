import { DEFAULT_LOCATION, type ReportDecision } from '@marketplace/shared';
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
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
  // product_holds is orders' table, read here as a condition on products (orders imports products).
  const rows = await db
    .selectFrom('products as p')
    .select('p.id')
    .where('p.id', 'in', productIds)
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('product_holds as h').select('h.product_id').whereRef('h.product_id', '=', 'p.id')),
    )
    .execute();
  return new Set(rows.map((r) => r.id));
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

/** The brands (with their item counts), storage sizes and memory sizes of published items (specs.ts merges them). */
export async function publishedSpecs(db: Executor) {
  const published = db.selectFrom('products').where('published', '=', 1);
  const [brands, storage, ram] = await Promise.all([
    published
      .select((eb) => ['brand', eb.fn.countAll<number>().as('n')])
      .where('brand', 'is not', null)
      .groupBy('brand')
      .execute(),
    published.select('storage_gb').distinct().where('storage_gb', 'is not', null).orderBy('storage_gb').execute(),
    published.select('ram_gb').distinct().where('ram_gb', 'is not', null).orderBy('ram_gb').execute(),
  ]);
  return { brands, storage, ram };
}

/**
 * The id of the category a list names (`name_key`), undefined when none has it. Read as a sub-query: the
 * categories module owns the table and imports products, so products cannot call it.
 */
export async function categoryIdByKey(db: Executor, key: string): Promise<number | undefined> {
  const row = await db
    .selectNoFrom((eb) => eb.selectFrom('categories').select('id').where('name_key', '=', key).as('id'))
    .executeTakeFirst();
  return row?.id ?? undefined;
}

// The back-office's writes and reads of products (admin-products calls them).

export async function insertProduct(db: Executor, values: Insertable<ProductsTable>) {
  return (await db.insertInto('products').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateProduct(db: Executor, id: number, values: Updateable<ProductsTable>) {
  await db.updateTable('products').set(values).where('id', '=', id).execute();
}

export async function deleteProduct(db: Executor, id: number) {
  await db.deleteFrom('products').where('id', '=', id).execute();
}

/** The gallery in order: image id and file name. */
export function galleryOf(db: Executor, productId: number) {
  return db
    .selectFrom('product_images as pi')
    .innerJoin('images as i', 'i.id', 'pi.image_id')
    .select(['i.id', 'i.filename'])
    .where('pi.product_id', '=', productId)
    .orderBy('pi.position')
    .execute();
}

/** Replaces the gallery with the given image ids in order (position 0 is the cover). */
export async function setGallery(db: Executor, productId: number, imageIds: number[]) {
  await db.deleteFrom('product_images').where('product_id', '=', productId).execute();
  if (imageIds.length === 0) return;
  await db
    .insertInto('product_images')
    .values(imageIds.map((image_id, position) => ({ product_id: productId, image_id, position })))
    .execute();
}

/** What we paid for each product bought from a seller; products without one are left out. */
export async function buyingPrices(db: Executor, productIds: number[]) {
  if (productIds.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom('products')
    .select(['id', 'buying_price'])
    .where('id', 'in', productIds)
    .where('buying_price', 'is not', null)
    .execute();
  return new Map(rows.map((r) => [r.id, Number(r.buying_price)]));
}

/**
 * The shops a product belongs to for Shop staff (docs/decisions/0061): the one that holds it and, while it is on its
 * way, the one it goes to (0062). Undefined for an unknown product.
 */
export function shopsOfProduct(db: Executor, id: number) {
  return db.selectFrom('products').select(['shop_id', 'transit_shop_id']).where('id', '=', id).executeTakeFirst();
}

/** The shop that holds a product, for keeping Shop staff to theirs. */
export async function productShop(db: Executor, id: number) {
  return (await shopsOfProduct(db, id))?.shop_id;
}

// Product queries of other modules: categories, shops and reports call them.

export async function productIdsInCategory(db: Executor, id: number) {
  return (await db.selectFrom('products').select('id').where('category_id', '=', id).execute()).map((r) => r.id);
}

/** Products in the shop, or on their way to it (decision 0062). */
export async function shopHasProducts(db: Executor, id: number) {
  const held = await db
    .selectFrom('products')
    .select('id')
    .where((eb) => eb.or([eb('shop_id', '=', id), eb('transit_shop_id', '=', id)]))
    .limit(1)
    .executeTakeFirst();
  return held !== undefined;
}

/** Unpublishes a published item and marks it as hidden by reports; false when it was not published. */
export async function hideByReports(db: Executor, productId: number, at: string): Promise<boolean> {
  const hidden = await db
    .updateTable('products')
    .set({ published: 0, hidden_by_reports: 1, updated_at: at })
    .where('id', '=', productId)
    .where('published', '=', 1)
    .executeTakeFirst();
  return Number(hidden.numUpdatedRows) > 0;
}

/** Staff's decision on the item: kept unpublished, or (dismiss) published again only if reports had hidden it. */
export async function settleProduct(db: Executor, productId: number, decision: ReportDecision, at: string) {
  const update = db.updateTable('products').set({ hidden_by_reports: 0, updated_at: at }).where('id', '=', productId);
  if (decision === 'unpublish') await update.set({ published: 0 }).execute();
  // Back on sale only if reports hid it, and never an item written off after it came back (decision 0099).
  else
    await update.set({ published: 1 }).where('hidden_by_reports', '=', 1).where('written_off_at', 'is', null).execute();
}

/** A product's new CEIR result (none: nothing to write); a blacklisted phone leaves the storefront at once (0057). */
export async function saveProductCeir(
  db: Executor,
  id: number,
  change: Pick<Updateable<ProductsTable>, 'ceir' | 'ceir_checked_by' | 'ceir_checked_at'> | null,
  at: string,
) {
  if (!change) return;
  await db
    .updateTable('products')
    .set({ ...change, ...(change.ceir === 'non_compliant' && { published: 0 }), updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** The CEIR check of each of these products, with the name of the staff member who recorded it (devices asks). */
export function ceirChecksOf(db: Executor, ids: number[]) {
  return db
    .selectFrom('products as p')
    .leftJoin('users as u', 'u.id', 'p.ceir_checked_by')
    .select(['p.id', 'p.ceir', 'p.ceir_checked_at', 'u.display_name as checked_by_name'])
    .where('p.id', 'in', ids)
    .execute();
}

/** The product made from a seller's request, with what we agreed to pay for it (seller-requests, payments). */
export function stockOfSellerRequest(db: Executor, sellerRequestId: number) {
  return db
    .selectFrom('products')
    .select(['buying_price', 'shop_id'])
    .where('seller_request_id', '=', sellerRequestId)
    .executeTakeFirst();
}

// What placing and completing an order read and change of its products (orders).
/** What placing an order needs to know of each product, with its shop's flat delivery fee and town. */
export function productsForOrder(db: Executor, ids: number[]) {
  return db
    .selectFrom('products as p')
    .leftJoin('shops as s', 's.id', 'p.shop_id')
    .select([
      'p.id',
      'p.name',
      'p.price',
      'p.published',
      'p.sold',
      'p.shop_id',
      'p.transit_shop_id',
      's.delivery_fee as shop_delivery_fee',
      's.town as shop_town',
    ])
    .where('p.id', 'in', ids)
    .execute();
}

/** Of these products, the ones on their way to another shop (decision 0062). */
export async function inTransit(db: Executor, ids: number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('products')
    .select('id')
    .where('id', 'in', ids)
    .where('transit_shop_id', 'is not', null)
    .execute();
  return rows.map((r) => r.id);
}

/** Of these products, the ones no longer on sale (sold or unpublished). */
export async function notOnSale(db: Executor, ids: number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('products')
    .select('id')
    .where('id', 'in', ids)
    .where((eb) => eb.or([eb('sold', '=', 1), eb('published', '=', 0)]))
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Completing an order: its products are sold, never orderable again. They stay published, so their page and
 * every link to it still answer, saying Sold (docs/decisions/0066); staff may still unpublish one.
 */
export async function markItemsSold(db: Executor, orderId: number, now: string) {
  await db
    .updateTable('products')
    .set({ sold: 1, updated_at: now })
    .where(
      'id',
      'in',
      db
        .selectFrom('order_items')
        .select('product_id')
        .where('order_id', '=', orderId)
        .where('product_id', 'is not', null),
    )
    .execute();
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
