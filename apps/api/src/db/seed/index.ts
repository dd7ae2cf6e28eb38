import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../schema.js';
import { storeImages, loadSharp } from '../../modules/images/index.js';
import { indexProductSearch } from '../../modules/products/index.js';
import { hashPassword } from '../../modules/passwords/index.js';
import { seedCategories, seedProducts, seedShops } from './catalogue.js';
import { drawHeroPicture, drawProductPicture } from './pictures.js';

export const DEMO_ADMIN = { email: 'admin@marketplace.mw', password: 'malawi-demo-admin' } as const;
const HEROES = ['laptops', 'phones', 'gaming'] as const;

export interface SeedOptions {
  now?: Date;
  /** Demo shops, products and pictures; production gets only the categories and its first admin. */
  demo?: boolean;
  admin?: { email: string; password: string } | undefined;
  /**
   * PostgreSQL: take an advisory lock for the seed's transaction, so processes starting together on an
   * empty database seed one after the other (the later finds everything there) instead of colliding.
   * SQLite needs none: its write transactions are serialised already (BEGIN IMMEDIATE).
   */
  serialize?: boolean;
}

/** The advisory lock key of the seed: any constant, the same in every process. */
const SEED_LOCK = 728_465_001;

export interface SeedResult {
  created: { categories: number; shops: number; products: number; users: number };
}

async function webpImage(data: Buffer) {
  const meta = await (await loadSharp())(data).metadata();
  return { data, width: meta.width ?? 0, height: meta.height ?? 0, contentType: 'image/webp' as const };
}

/** Inserts whatever of the demo data is missing, matched by natural key: running it twice changes nothing. */
export async function seed(db: Kysely<Database>, options: SeedOptions = {}): Promise<SeedResult> {
  const now = options.now ?? new Date();
  const at = (daysAgo: number, minutes = 0) =>
    new Date(now.getTime() - daysAgo * 86_400_000 - minutes * 60_000).toISOString();
  const created = { categories: 0, shops: 0, products: 0, users: 0 };
  const demo = options.demo ?? true;
  const demoProducts = demo ? seedProducts : [];
  const demoShops = demo ? seedShops : [];

  // Pictures are drawn before the transaction so it stays short.
  const pictures = new Map<string, Buffer[]>();
  const existingNames = new Set((await db.selectFrom('products').select('name').execute()).map((r) => r.name));
  for (const [index, p] of demoProducts.entries()) {
    if (existingNames.has(p.name)) continue;
    const views = await Promise.all(
      Array.from({ length: p.images }, (_, view) => drawProductPicture(p.category, index, view)),
    );
    pictures.set(p.name, views);
  }
  const heroNames = new Set(
    (await db.selectFrom('images').select('filename').where('filename', 'like', 'hero-%').execute()).map(
      (r) => r.filename,
    ),
  );
  const heroes = new Map<string, Buffer>();
  // The home carousel's pictures are part of the product, not demo data: production gets them too.
  for (const kind of HEROES) if (!heroNames.has(`hero-${kind}.webp`)) heroes.set(kind, await drawHeroPicture(kind));
  const adminMissing =
    options.admin !== undefined &&
    (await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', options.admin.email.toLowerCase())
      .executeTakeFirst()) === undefined;
  // Hashing is deliberately slow: only when the admin is really missing.
  const adminHash = options.admin && adminMissing ? await hashPassword(options.admin.password) : undefined;

  await db.transaction().execute(async (trx) => {
    if (options.serialize) await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    // Read again inside the transaction: another process may have seeded since the pictures were drawn.
    const namesNow = new Set((await trx.selectFrom('products').select('name').execute()).map((r) => r.name));
    const heroesNow = new Set(
      (await trx.selectFrom('images').select('filename').where('filename', 'like', 'hero-%').execute()).map(
        (r) => r.filename,
      ),
    );
    const categoryIds = new Map<string, number>();
    for (const c of seedCategories) {
      const key = c.name.toLowerCase();
      let row = await trx.selectFrom('categories').select('id').where('name_key', '=', key).executeTakeFirst();
      if (!row) {
        row = await trx
          .insertInto('categories')
          .values({
            name: c.name,
            name_key: key,
            description: c.description,
            parent_id: null,
            created_at: at(30),
            updated_at: at(30),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        created.categories++;
      }
      categoryIds.set(c.name, row.id);
    }

    const shopIds = new Map<string, number>();
    for (const s of demoShops) {
      let row = await trx.selectFrom('shops').select('id').where('name', '=', s.name).executeTakeFirst();
      if (!row) {
        row = await trx
          .insertInto('shops')
          .values({ ...s, contact: s.hours, created_at: at(30), updated_at: at(30) })
          .returning('id')
          .executeTakeFirstOrThrow();
        created.shops++;
      }
      shopIds.set(s.name, row.id);
    }

    const added: number[] = [];
    for (const [index, p] of demoProducts.entries()) {
      const views = pictures.get(p.name);
      if (!views || namesNow.has(p.name)) continue;
      const product = await trx
        .insertInto('products')
        .values({
          name: p.name,
          description: p.description,
          price: p.price,
          sale_price: null,
          currency: 'MWK',
          location: p.location,
          shop_id: shopIds.get(p.shop) ?? null,
          category_id: categoryIds.get(p.category) ?? null,
          published: p.published === false ? 0 : 1,
          sold: p.sold ? 1 : 0,
          seller_request_id: null,
          condition: p.condition,
          warranty_days: p.warranty_days ?? null,
          battery_health: p.battery_health ?? null,
          brand: p.brand ?? null,
          storage_gb: p.storage_gb ?? null,
          ram_gb: p.ram_gb ?? null,
          created_at: at(p.age, index),
          updated_at: at(p.age, index),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const stored = await storeImages(trx, await Promise.all(views.map(webpImage)));
      await trx
        .insertInto('product_images')
        .values(stored.map((image, position) => ({ product_id: product.id, image_id: image.id, position })))
        .execute();
      if (p.featured)
        await trx
          .insertInto('featured_products')
          .values({ product_id: product.id, created_at: at(p.age) })
          .execute();
      added.push(product.id);
      created.products++;
    }
    await indexProductSearch(trx, added);

    for (const [kind, data] of heroes) {
      if (heroesNow.has(`hero-${kind}.webp`)) continue;
      const [stored] = await storeImages(trx, [await webpImage(data)]);
      if (stored)
        await trx
          .updateTable('images')
          .set({ filename: `hero-${kind}.webp` })
          .where('id', '=', stored.id)
          .execute();
    }

    if (options.admin && adminHash) created.users += await ensureAdmin(trx, options.admin.email, adminHash, at(0));
  });
  return { created };
}

async function ensureAdmin(
  trx: Transaction<Database>,
  email: string,
  passwordHash: string,
  at: string,
): Promise<number> {
  const key = email.toLowerCase();
  const existing = await trx.selectFrom('users').select('id').where('email', '=', key).executeTakeFirst();
  if (existing) return 0;
  await trx
    .insertInto('users')
    .values({
      email: key,
      password_hash: passwordHash,
      first_name: 'Demo',
      last_name: 'Admin',
      display_name: 'Admin',
      role: 'Admin',
      status: 'active',
      created_at: at,
      updated_at: at,
    })
    .execute();
  return 1;
}

/** True when the database holds no catalogue yet (first start). */
export async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('categories').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}
