import type { Insertable, Updateable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { ProductsTable } from '../../db/schema.js';

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

export async function featuredIds(db: Executor, productIds: number[]) {
  if (productIds.length === 0) return new Set<number>();
  const rows = await db
    .selectFrom('featured_products')
    .select('product_id')
    .where('product_id', 'in', productIds)
    .execute();
  return new Set(rows.map((r) => r.product_id));
}

export async function exists(db: Executor, table: 'shops' | 'categories', id: number) {
  return (await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
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
