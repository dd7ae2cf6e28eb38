import type { FeaturedProduct, PublicProduct } from '@marketplace/shared';
import { DEFAULT_LOCATION } from '@marketplace/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { HttpError } from '../../plugins/errors.js';
import { findProduct, heldOf, imagesOf, watchersOf, type ProductRecord } from './repository.js';

/** The partner shop that holds the item, or null for an item without one. */
function shopOf(row: ProductRecord): PublicProduct['shop'] {
  if (row.shop_id === null || row.shop_name === null) return null;
  return {
    id: row.shop_id,
    name: row.shop_name,
    town: row.shop_town ?? '',
    address: row.shop_address ?? '',
    hours: row.shop_hours ?? '',
    phone: row.shop_phone,
    delivery_fee: row.shop_delivery_fee === null ? null : Number(row.shop_delivery_fee),
  };
}

/** What a product states about its condition (public and back-office shapes alike); null: not stated. */
export function conditionOf(row: Pick<ProductRecord, 'condition' | 'warranty_days' | 'battery_health'>) {
  return { condition: row.condition, warranty_days: row.warranty_days, battery_health: row.battery_health };
}

/** What a product states about its brand, storage and memory (decision 0069); null: not stated. */
export function specsOf(row: Pick<ProductRecord, 'brand' | 'storage_gb' | 'ram_gb'>) {
  return { brand: row.brand, storage_gb: row.storage_gb, ram_gb: row.ram_gb };
}

/** The public product (docs/product.md#entities); images, watchers and holds are fetched for the whole page at once. */
export async function toPublic(db: Kysely<Database>, rows: ProductRecord[]): Promise<PublicProduct[]> {
  const ids = rows.map((r) => r.id);
  const [images, watchers, held] = await Promise.all([imagesOf(db, ids), watchersOf(db, ids), heldOf(db, ids)]);
  return rows.map((row) => {
    const shop = shopOf(row);
    const files = images.get(row.id) ?? [];
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      price: Number(row.price),
      sale_price: row.sale_price === null ? null : Number(row.sale_price),
      currency: row.currency,
      // Where the item can be seen and collected: its shop's town when it has a shop.
      location: shop?.town || row.location || DEFAULT_LOCATION,
      cover_image_url: files[0] ?? null,
      image_gallery: files,
      images: files,
      category:
        row.category_id !== null && row.category_name !== null
          ? { id: row.category_id, category_name: row.category_name }
          : null,
      sold: row.sold === 1,
      reserved: held.has(row.id),
      shop,
      watchers: watchers.get(row.id) ?? 0,
      ...conditionOf(row),
      ...specsOf(row),
      // Only whether MACRA's register was checked: the IMEIs are never read for a public answer (decision 0057).
      imei_checked: row.ceir === 'compliant',
      // On its way to another shop (decision 0062): not orderable until it arrives there.
      in_transit: row.transit_shop_id !== null,
      transit_town: row.transit_shop_id === null ? null : row.transit_town,
      created_at: row.created_at,
    };
  });
}

export function toFeatured(products: PublicProduct[]): FeaturedProduct[] {
  return products.map((p) => ({ ...p, product_id: p.id }));
}

/** A product the public may see; unpublished ones are as absent as missing ones. */
export async function requirePublished(db: Kysely<Database>, id: number): Promise<ProductRecord> {
  const row = await findProduct(db, id);
  if (!row || row.published !== 1) throw new HttpError(404, 'Product not found');
  return row;
}
