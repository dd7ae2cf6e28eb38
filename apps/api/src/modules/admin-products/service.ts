import type { AdminProduct, createProductSchema, updateProductSchema } from '@marketplace/shared';
import {
  MAX_IMAGES,
  OFFER_PRICES_BELOW_PRICE,
  OFFER_PRICES_ORDER,
  toAmount,
  WRITTEN_OFF_NOT_FOR_SALE,
} from '@marketplace/shared';
import type { Insertable } from 'kysely';
import type { z } from 'zod';
import { nowIso, type Db, type Executor } from '../../db/database.js';
import type { ProductsTable } from '../../db/schema.js';
import { HttpError } from '../../plugins/errors.js';
import { recordAudit } from '../audit/index.js';
import type { SessionUser } from '../auth/index.js';
import type { NormalizedImage } from '../images/index.js';
import { deleteUnusedImages, storeImages } from '../images/index.js';
import {
  NON_COMPLIANT_PUBLISH,
  PRODUCT_ROW,
  productDeviceRecords,
  refuseNonCompliant,
  writeDevice,
} from '../devices/index.js';
import {
  findProduct,
  heldOf,
  imagesOf,
  type ProductRecord,
  conditionOf,
  specsOf,
  indexProductSearch,
  buyingPrices,
  offerPricesOf,
  deleteProduct,
  galleryOf,
  insertProduct,
  setGallery,
  updateProduct,
  writeOffState,
} from '../products/index.js';
import { categoryExists } from '../categories/index.js';
import { featuredIds } from '../featured/index.js';
import { shopExists } from '../shops/index.js';

/** A moving item's shop is the move's to change (decision 0062). */
export const MOVING_SHOP_LOCKED =
  'This item is on its way to another shop: mark it received or cancel the move to change its shop.';
export const PRODUCT_NOT_FOUND = 'Product not found';
export const PRODUCT_RESERVED = 'This item is reserved by an open order. Cancel the order before deleting the item.';
const TOO_MANY_IMAGES = `At most ${MAX_IMAGES} images are allowed`;
const CATEGORY_MISSING = 'Category not found';
const SHOP_MISSING = 'Shop not found';

export async function toAdmin(db: Executor, rows: ProductRecord[]): Promise<AdminProduct[]> {
  const ids = rows.map((r) => r.id);
  const [images, featured, held, bought, devices, offerPrices] = await Promise.all([
    imagesOf(db, ids),
    featuredIds(db, ids),
    heldOf(db, ids),
    buyingPrices(db, ids),
    productDeviceRecords(db, ids),
    offerPricesOf(db, ids),
  ]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    shop_id: r.shop_id,
    shop_name: r.shop_name,
    category_id: r.category_id,
    category_name: r.category_name,
    price: Number(r.price),
    sale_price: r.sale_price === null ? null : Number(r.sale_price),
    buying_price: bought.get(r.id) ?? null,
    floor_price: offerPrices.get(r.id)?.floor_price ?? null,
    accept_price: offerPrices.get(r.id)?.accept_price ?? null,
    currency: r.currency,
    description: r.description,
    location: r.location,
    published: r.published === 1,
    sold: r.sold === 1,
    reserved: held.has(r.id),
    featured: featured.has(r.id),
    images: images.get(r.id) ?? [],
    ...conditionOf(r),
    ...specsOf(r),
    device: devices.get(r.id)!,
    created_at: r.created_at,
    updated_at: r.updated_at,
  }));
}

export async function loadAdminProduct(db: Executor, id: number): Promise<AdminProduct> {
  const row = await findProduct(db, id);
  if (!row) throw new HttpError(404, PRODUCT_NOT_FOUND);
  return (await toAdmin(db, [row]))[0]!;
}

/** A product as the device routes name it in the audit (404 when missing) and answer it; app.ts passes it in. */
export const productOfDevice = {
  async name(trx: Executor, id: number): Promise<string> {
    const row = await findProduct(trx, id);
    if (!row) throw new HttpError(404, PRODUCT_NOT_FOUND);
    return `Product ${row.name}`;
  },
  load: loadAdminProduct,
  row: PRODUCT_ROW,
};

/** A 400 naming each of the product's shop and category that does not exist. */
export async function checkRefs(trx: Executor, categoryId: number, shopId: number) {
  const errors: Record<string, string> = {};
  if (!(await categoryExists(trx, categoryId))) errors.category_id = CATEGORY_MISSING;
  if (!(await shopExists(trx, shopId))) errors.shop_id = SHOP_MISSING;
  const first = Object.values(errors)[0];
  if (first) throw new HttpError(400, first, errors);
}

/**
 * Inserts a product with its gallery (stored image ids, cover first) and indexes it for search: the one
 * way a product comes into being, from the back-office form or from a seller request.
 */
export async function insertProductWithGallery(
  trx: Executor,
  values: Insertable<ProductsTable>,
  imageIds: number[],
): Promise<number> {
  const id = await insertProduct(trx, values);
  await setGallery(trx, id, imageIds);
  await indexProductSearch(trx, [id]);
  return id;
}

export async function createProduct(
  db: Db,
  actor: SessionUser,
  input: z.output<typeof createProductSchema>,
  images: NormalizedImage[],
) {
  if (input.published) refuseNonCompliant(input.ceir, NON_COMPLIANT_PUBLISH);
  return db.kysely.transaction().execute(async (trx) => {
    await checkRefs(trx, input.category_id, input.shop_id);
    const now = nowIso();
    const stored = await storeImages(trx, images);
    const id = await insertProductWithGallery(
      trx,
      {
        name: input.item_name,
        description: input.description,
        price: toAmount(input.price),
        sale_price: null,
        buying_price: null,
        currency: 'MWK',
        location: input.location,
        shop_id: input.shop_id,
        category_id: input.category_id,
        published: input.published ? 1 : 0,
        sold: 0,
        seller_request_id: null,
        condition: input.condition,
        warranty_days: input.warranty_days,
        battery_health: input.battery_health,
        ...specsOf(input),
        created_at: now,
        updated_at: now,
      },
      stored.map((s) => s.id),
    );
    const device = await writeDevice(trx, {
      db,
      actor,
      owner: { kind: 'product', id },
      input,
      at: now,
      row: PRODUCT_ROW,
    });
    await recordAudit(trx, {
      actorId: actor.id,
      action: `Created product ${input.item_name}, ${device}`,
      subjectType: 'product',
      subjectId: id,
    });
    return loadAdminProduct(trx, id);
  });
}

export interface GalleryChange {
  /** File names of stored images to keep, in the order wanted; undefined keeps every image not deleted. */
  keep: string[] | undefined;
  deleted: string[];
  added: NormalizedImage[];
}

export async function changeProduct(
  db: Db,
  change: { actor: SessionUser; id: number; input: z.output<typeof updateProductSchema>; gallery: GalleryChange },
) {
  const { actor, id, input, gallery } = change;
  return db.kysely.transaction().execute(async (trx) => {
    const before = await findProduct(trx, id);
    if (!before) throw new HttpError(404, PRODUCT_NOT_FOUND);
    if (input.published) refuseNonCompliant(before.ceir, NON_COMPLIANT_PUBLISH);
    // On its way to another shop, an item changes shop only by being received (decision 0062): a hand edit
    // would leave the move and the item's history telling another story.
    if (before.transit_shop_id !== null && input.shop_id !== before.shop_id)
      throw new HttpError(409, MOVING_SHOP_LOCKED, { shop_id: MOVING_SHOP_LOCKED });
    await checkRefs(trx, input.category_id, input.shop_id);

    const current = await galleryOf(trx, id);
    const byName = new Map(current.map((i) => [i.filename, i.id]));
    const deleted = new Set(gallery.deleted);
    const keepNames = (gallery.keep ?? current.map((i) => i.filename)).filter((name) => !deleted.has(name));
    const unknown = keepNames.find((name) => !byName.has(name));
    if (unknown) throw new HttpError(400, `Image ${unknown} does not belong to this product`);
    if (keepNames.length + gallery.added.length > MAX_IMAGES) throw new HttpError(400, TOO_MANY_IMAGES);

    const stored = await storeImages(trx, gallery.added);
    const kept = keepNames.map((name) => byName.get(name)!);
    await setGallery(trx, id, [...kept, ...stored.map((s) => s.id)]);
    await deleteUnusedImages(
      trx,
      current.map((i) => i.id).filter((imageId) => !kept.includes(imageId)),
    );

    await updateProduct(trx, id, {
      name: input.name,
      currency: input.currency,
      category_id: input.category_id,
      shop_id: input.shop_id,
      location: input.location,
      price: toAmount(input.price),
      sale_price: input.sale_price ? toAmount(input.sale_price) : null,
      description: input.description,
      published: input.published ? 1 : 0,
      ...(await offerPrices(trx, id, input)),
      ...statedChanges(input),
      updated_at: nowIso(),
    });
    if (input.published) await refuseWrittenOff(trx, id);
    await indexProductSearch(trx, [id]);
    await recordAudit(trx, {
      actorId: actor.id,
      action: `Updated product ${input.name}`,
      subjectType: 'product',
      subjectId: id,
    });
    return loadAdminProduct(trx, id);
  });
}

/**
 * The staff-only offer prices after the edit (decision 0103): a field left out keeps what is stored, an empty one
 * clears it. Both below the price, the accept-at-once price at least the floor: else a 400 naming the field.
 */
async function offerPrices(trx: Executor, id: number, input: z.output<typeof updateProductSchema>) {
  const stored = (await offerPricesOf(trx, [id])).get(id);
  const floor = input.floor_price === undefined ? (stored?.floor_price ?? null) : input.floor_price;
  const accept = input.accept_price === undefined ? (stored?.accept_price ?? null) : input.accept_price;
  const price = toAmount(input.price);
  if (floor !== null && floor >= price)
    throw new HttpError(400, OFFER_PRICES_BELOW_PRICE, { floor_price: OFFER_PRICES_BELOW_PRICE });
  if (accept !== null && accept >= price)
    throw new HttpError(400, OFFER_PRICES_BELOW_PRICE, { accept_price: OFFER_PRICES_BELOW_PRICE });
  if (floor !== null && accept !== null && accept < floor)
    throw new HttpError(400, OFFER_PRICES_ORDER, { accept_price: OFFER_PRICES_ORDER });
  return { floor_price: floor, accept_price: accept };
}

/**
 * The condition, brand, storage and memory fields the edit sent; one left out keeps what is stored (see
 * productConditionChanges and productSpecChanges).
 */
function statedChanges(
  input: Pick<
    z.output<typeof updateProductSchema>,
    'condition' | 'warranty_days' | 'battery_health' | 'brand' | 'storage_gb' | 'ram_gb'
  >,
) {
  const stated = Object.entries(input).filter(([key, value]) => STATED.has(key) && value !== undefined);
  return Object.fromEntries(stated) as Partial<typeof input>;
}
const STATED = new Set(['condition', 'warranty_days', 'battery_health', 'brand', 'storage_gb', 'ram_gb']);

/**
 * A written-off item stays off sale for good (decision 0099). Read after the UPDATE that publishes it, in the same
 * transaction: a write-off committed meanwhile is seen (and a write-off after ours finds the item published and
 * refuses), so the two cannot both apply; the 409 rolls the publish back.
 */
async function refuseWrittenOff(trx: Executor, id: number) {
  if ((await writeOffState(trx, id))?.written_off_at) throw new HttpError(409, WRITTEN_OFF_NOT_FOR_SALE);
}

export async function setPublished(db: Db, actor: SessionUser, id: number, published: boolean) {
  return db.kysely.transaction().execute(async (trx) => {
    const before = await findProduct(trx, id);
    if (!before) throw new HttpError(404, PRODUCT_NOT_FOUND);
    if (published) refuseNonCompliant(before.ceir, NON_COMPLIANT_PUBLISH);
    // Staff chose by hand: an item reports hid no longer waits for review (docs/decisions/0058).
    await updateProduct(trx, id, { published: published ? 1 : 0, hidden_by_reports: 0, updated_at: nowIso() });
    if (published) await refuseWrittenOff(trx, id);
    await recordAudit(trx, {
      actorId: actor.id,
      action: `${published ? 'Published' : 'Unpublished'} product ${before.name}`,
      subjectType: 'product',
      subjectId: id,
    });
    return loadAdminProduct(trx, id);
  });
}

export async function removeProduct(db: Db, actor: SessionUser, id: number) {
  await db.kysely.transaction().execute(async (trx) => {
    const before = await findProduct(trx, id);
    if (!before) throw new HttpError(404, PRODUCT_NOT_FOUND);
    if ((await heldOf(trx, [id])).size > 0) throw new HttpError(409, PRODUCT_RESERVED);
    const images = await galleryOf(trx, id);
    await deleteProduct(trx, id);
    await deleteUnusedImages(
      trx,
      images.map((i) => i.id),
    );
    await recordAudit(trx, {
      actorId: actor.id,
      action: `Deleted product ${before.name}`,
      subjectType: 'product',
      subjectId: id,
    });
  });
}
