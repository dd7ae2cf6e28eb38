import type { ConditionGrade } from '@marketplace/shared';
import sharp from 'sharp';
import type { Db } from '../db/database.js';
import { storeImages } from '../modules/images/repository.js';
import { indexProductSearch } from '../modules/products/repository/search.js';

const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString();

async function tinyWebp(colour = '#c33', width = 64, height = 48) {
  const data = await sharp({ create: { width, height, channels: 3, background: colour } })
    .webp()
    .toBuffer();
  return { data, width, height, contentType: 'image/webp' as const };
}

export async function addCategory(db: Db, name: string, parentId: number | null = null) {
  const row = await db.kysely
    .insertInto('categories')
    .values({
      name,
      name_key: name.toLowerCase(),
      description: null,
      parent_id: parentId,
      created_at: at(0),
      updated_at: at(0),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface ShopFixture {
  town?: string;
  phone?: string | null;
  deliveryFee?: number | null;
}

export async function addShop(db: Db, name = 'Test Shop', s: ShopFixture = {}) {
  const town = s.town ?? 'Lilongwe';
  const hours = 'Mon-Fri 08:00-17:00';
  const row = await db.kysely
    .insertInto('shops')
    .values({
      name,
      address: `Area 47, ${town}`,
      town,
      hours,
      contact: hours,
      phone: s.phone === undefined ? '+265999000111' : s.phone,
      delivery_fee: s.deliveryFee ?? null,
      created_at: at(0),
      updated_at: at(0),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

let order = 1;

export interface ProductFixture {
  name: string;
  description?: string | null;
  price?: number;
  categoryId?: number | null;
  shopId?: number | null;
  published?: boolean;
  sold?: boolean;
  images?: number;
  location?: string | null;
  salePrice?: number | null;
  condition?: ConditionGrade | null;
  brand?: string | null;
  storageGb?: number | null;
  ramGb?: number | null;
}

export async function addProduct(db: Db, p: ProductFixture) {
  const n = order++;
  const row = await db.kysely
    .insertInto('products')
    .values({
      name: p.name,
      description: p.description === undefined ? `${p.name} in good condition` : p.description,
      price: p.price ?? 100_000,
      sale_price: p.salePrice ?? null,
      currency: 'MWK',
      location: p.location === undefined ? 'Lilongwe' : p.location,
      condition: p.condition ?? null,
      brand: p.brand ?? null,
      storage_gb: p.storageGb ?? null,
      ram_gb: p.ramGb ?? null,
      shop_id: p.shopId ?? null,
      category_id: p.categoryId ?? null,
      published: p.published === false ? 0 : 1,
      sold: p.sold ? 1 : 0,
      seller_request_id: null,
      created_at: at(n),
      updated_at: at(n),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const count = p.images ?? 1;
  if (count > 0) {
    const images = await Promise.all(
      Array.from({ length: count }, (_, i) => tinyWebp(['#c33', '#3c3', '#33c'][i % 3])),
    );
    const stored = await storeImages(db.kysely, images);
    await db.kysely
      .insertInto('product_images')
      .values(stored.map((s, position) => ({ product_id: row.id, image_id: s.id, position })))
      .execute();
  }
  await indexProductSearch(db.kysely, [row.id]);
  return row.id;
}

export async function feature(db: Db, productId: number) {
  await db.kysely
    .insertInto('featured_products')
    .values({ product_id: productId, created_at: at(order++) })
    .execute();
}
