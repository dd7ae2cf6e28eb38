// Grows a bench database to BENCH_PRODUCTS products through the API's own write path: the admin products
// repository (insertProduct, setGallery) and the search indexing the product create path calls, in large
// transactions, so every index and counter the write path and the triggers maintain stays right. Run by
// run.mjs with the TypeScript sources: `node --import tsx apps/api/bench/catalogue-load.mjs`.
//
// Env: BENCH_DB (a SQLite file or a postgres:// URL), BENCH_PRODUCTS (the total wanted).
// Prints one line `LOADED {json}`.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { benchProduct, matchesWord } from './catalogue-data.mjs';

const src = path.resolve(import.meta.dirname, '../src');
const load = (file) => import(pathToFileURL(path.join(src, file)).href);

const target = Number(process.env.BENCH_PRODUCTS ?? 1000);
const where = process.env.BENCH_DB ?? '';
const { openDatabase } = await load('db/database.ts');
const { prepareDatabase } = await load('db/startup.ts');
const { DEMO_ADMIN } = await load('db/seed/index.ts');
const { insertShop } = await load('modules/shops/repository.ts');
const products = await load('modules/products/repository.ts');
// The product writes: products' repository since issue 37, admin-products' before it.
const adminRepository = 'modules/admin-products/repository.ts';
const { insertProduct, setGallery } = fs.existsSync(path.join(src, adminRepository))
  ? await load(adminRepository)
  : products;
// The search index the product create path keeps: product_search (FTS5 / tsvector) when the products module
// has it (in repository/ since issue 37), else the older word table. Whichever it is, the bench calls it,
// never writes search tables itself.
const searchFile = ['modules/products/repository/search.ts', 'modules/products/search.ts'].find((file) =>
  fs.existsSync(path.join(src, file)),
);
const search = searchFile ? await load(searchFile) : {};
const indexMany = search.indexProductSearch
  ? { name: 'indexProductSearch', run: (trx, ids) => search.indexProductSearch(trx, ids) }
  : products.indexProductTerms
    ? {
        name: 'indexProductTerms',
        run: async (trx, ids) => {
          for (const id of ids) await products.indexProductTerms(trx, id);
        },
      }
    : undefined;
if (!indexMany)
  throw new Error('no search indexing function found in modules/products (indexProductSearch or indexProductTerms)');

const db = openDatabase(where.startsWith('postgres') ? { databaseUrl: where } : { sqliteFile: where });
const started = performance.now();
try {
  await prepareDatabase(db, { demo: true, admin: DEMO_ADMIN });
  const k = db.kysely;
  const count = async () =>
    Number(
      (
        await k
          .selectFrom('products')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const before = await count();

  // A few more partner shops than the demo's three, as a growing marketplace would have.
  const shopCount = Number(
    (
      await k
        .selectFrom('shops')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (shopCount < 8 && target > before) {
    const now = new Date().toISOString();
    await k.transaction().execute(async (trx) => {
      for (const town of ['Zomba', 'Kasungu', 'Mangochi', 'Salima', 'Karonga'].slice(0, 8 - shopCount)) {
        await insertShop(trx, {
          name: `${town} Shop`,
          address: `Main Road, ${town}`,
          contact: 'Mon-Sat 08:00-17:00',
          town,
          hours: 'Mon-Sat 08:00-17:00',
          phone: '+265999000111',
          delivery_fee: 4000,
          created_at: now,
          updated_at: now,
        });
      }
    });
  }
  const shops = (await k.selectFrom('shops').select('id').orderBy('id').execute()).map((r) => r.id);
  const categories = new Map(
    (await k.selectFrom('categories').select(['id', 'name']).execute()).map((r) => [r.name, r.id]),
  );
  // One stored picture per product row, reused: each category's demo pictures, shared by its bench products.
  const pictures = new Map();
  for (const row of await k
    .selectFrom('product_images as pi')
    .innerJoin('products as p', 'p.id', 'pi.product_id')
    .select(['p.category_id', 'pi.image_id'])
    .where('pi.position', '=', 0)
    .execute()) {
    const list = pictures.get(row.category_id) ?? [];
    if (!list.includes(row.image_id)) list.push(row.image_id);
    pictures.set(row.category_id, list);
  }

  // Bench products are older than the demo's (newest first shows the demo at the top), one every 5 minutes.
  const oldest = Date.now() - 400 * 86_400_000;
  const chunk = db.engine === 'postgres' ? 1000 : 2500;
  const added = [];
  for (let n = before; n < target; n += chunk) {
    const end = Math.min(target, n + chunk);
    await k.transaction().execute(async (trx) => {
      const ids = [];
      for (let i = n; i < end; i++) {
        const p = benchProduct(i);
        const categoryId = categories.get(p.category) ?? null;
        const at = new Date(oldest + i * 300_000).toISOString();
        const id = await insertProduct(trx, {
          name: p.name,
          description: p.description,
          price: p.price,
          sale_price: null,
          buying_price: null,
          currency: 'MWK',
          location: p.location,
          shop_id: p.withShop ? shops[i % shops.length] : null,
          category_id: categoryId,
          published: p.published ? 1 : 0,
          sold: p.sold ? 1 : 0,
          seller_request_id: null,
          created_at: at,
          updated_at: at,
        });
        const picture = pictures.get(categoryId);
        if (p.withImage && picture?.length) await setGallery(trx, id, [picture[i % picture.length]]);
        ids.push(id);
        if (p.published && !p.sold && p.withShop && i % 331 === 7) added.push(id);
      }
      await indexMany.run(trx, ids);
    });
  }

  // Some items held by open orders ("reserved"), placed through the order service in batches of ten.
  let held = 0;
  if (added.length > 0) {
    const { placeOrders } = await load('modules/orders/place.ts');
    const { orderRequestSchema } = await import('@marketplace/shared');
    // Held for two years, from one address, without phone proof (no SMS here): only the items' holds matter.
    const year = 24 * 365;
    const benchPlacing = {
      rules: {
        hours: 2 * year,
        unprovedHours: 2 * year,
        maxPerPhone: 1e6,
        maxPerAddress: 1e6,
        ordersPerAddressHour: 1e6,
      },
      proof: { enabled: false, key: async () => '', codesPerAddressHour: 1, codesPerIpv4Hour: 1 },
      group: 'bench',
    };
    for (let i = 0; i < added.length; i += 10) {
      const input = orderRequestSchema.parse({
        buyer_name: 'Bench Buyer',
        phone: '0999 123 456',
        fulfilment: 'collect',
        items: added.slice(i, i + 10).map((product_id) => ({ product_id })),
      });
      await placeOrders(db, input, new Date(), benchPlacing);
      held += input.items.length;
    }
  }

  // PostgreSQL plans from table statistics, which autovacuum refreshes some time after a bulk load; a server
  // that has grown to this size over months would have them, so they are made now (ANALYZE reads, it writes
  // no catalogue data). SQLite's planner uses no statistics unless ANALYZE is run, which the app never does.
  if (db.engine === 'postgres' && target > before) await sql`analyze`.execute(k);

  // What a search for "samsung" should find: every published product with a word starting with it.
  const like = await k
    .selectFrom('products as p')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('p.published', '=', 1)
    .where((eb) =>
      eb.or([
        eb(sql`lower(p.name)`, 'like', '%samsung%'),
        eb(sql`lower(coalesce(p.description, ''))`, 'like', '%samsung%'),
        eb(sql`lower(coalesce(c.name, ''))`, 'like', '%samsung%'),
      ]),
    )
    .executeTakeFirstOrThrow();
  let generatedSamsung = 0;
  for (let i = before; i < target; i++)
    if (benchProduct(i).published && matchesWord(benchProduct(i), 'samsung')) generatedSamsung++;
  const result = {
    engine: db.engine,
    products: await count(),
    added: Math.max(0, target - before),
    held,
    seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
    indexedWith: indexMany.name,
    samsungPublished: Number(like.n),
    samsungAddedNow: generatedSamsung,
  };
  console.log(`LOADED ${JSON.stringify(result)}`);
} finally {
  await db.close();
}
