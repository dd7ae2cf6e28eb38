import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, engines, type TestDb } from '../../test/databases.js';
import { addCategory } from '../../test/fixtures.js';
import { listProducts } from './listing.js';
import { addProducts, minute } from './testing.js';

// product_counts is kept by triggers (migration 0011); whatever writes products, it must equal a real count.
describe.each(engines)('product counts kept by triggers [%s]', (engine) => {
  let t: TestDb;
  let a: number;
  let b: number;

  beforeAll(async () => {
    t = await createTestDb(engine);
    a = await addCategory(t.db, 'Alpha');
    b = await addCategory(t.db, 'Beta');
  });
  afterAll(() => t.dispose());

  /** The counts as triggers kept them, against the same counted from the products themselves. */
  const compare = async () => {
    const k = t.db.kysely;
    const kept = await k
      .selectFrom('product_counts')
      .select(['category_id', 'published', 'products'])
      .where('products', '<>', 0)
      .execute();
    const real = await sql<{ category_id: number; published: number; products: number }>`
      select 0 as category_id, published, count(*) as products from products group by published
      union all
      select category_id, published, count(*) from products where category_id is not null group by category_id, published`.execute(
      k,
    );
    const key = (r: { category_id: number; published: number; products: number }) =>
      `${r.category_id}/${r.published}=${Number(r.products)}`;
    expect(kept.map(key).sort()).toEqual(real.rows.map(key).sort());
  };

  it('follows inserts, publishing, moves between categories and deletes, one row or many at a time', async () => {
    const k = t.db.kysely;
    const ids = await addProducts(t.db, [
      ...Array.from({ length: 6 }, (_, i) => ({
        name: `A${i}`,
        createdAt: minute(i),
        categoryId: a,
        published: i % 2 === 0,
      })),
      ...Array.from({ length: 4 }, (_, i) => ({ name: `B${i}`, createdAt: minute(10 + i), categoryId: b })),
      { name: 'Loose', createdAt: minute(20), categoryId: null },
    ]);
    await compare();
    await k.updateTable('products').set({ published: 1 }).where('category_id', '=', a).execute();
    await compare();
    await k.updateTable('products').set({ category_id: b }).where('id', 'in', ids.slice(0, 2)).execute();
    await compare();
    await k.updateTable('products').set({ category_id: null, published: 0 }).where('id', '=', ids[7]!).execute();
    await compare();
    // A sale changes no count (and takes no count row).
    await k.updateTable('products').set({ sold: 1 }).where('id', 'in', ids.slice(3, 6)).execute();
    await compare();
    await k.deleteFrom('products').where('id', 'in', ids.slice(4, 9)).execute();
    await compare();
    await k.transaction().execute(async (trx) => {
      await trx.updateTable('products').set({ published: 0 }).where('id', '=', ids[0]!).execute();
      await trx.updateTable('products').set({ published: 1 }).where('id', '=', ids[0]!).execute();
    });
    await compare();
  });

  it('is what the lists report as their totals', async () => {
    // Products of its own, so the totals compared are never all zero.
    await addProducts(t.db, [
      { name: 'Total B1', createdAt: minute(30), categoryId: b },
      { name: 'Total B2', createdAt: minute(31), categoryId: b, published: false },
      { name: 'Total A1', createdAt: minute(32), categoryId: a },
      { name: 'Total loose', createdAt: minute(33), categoryId: null },
    ]);
    const published = Number(
      (
        await t.db.kysely
          .selectFrom('products')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('published', '=', 1)
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect((await listProducts(t.db, { limit: 1, offset: 0 })).total).toBe(published);
    const inB = await t.db.kysely
      .selectFrom('products')
      .select('id')
      .where('category_id', '=', b)
      .where('published', '=', 1)
      .execute();
    expect((await listProducts(t.db, { limit: 1, offset: 0, categoryKey: 'beta' })).total).toBe(inB.length);
    const all = await t.db.kysely.selectFrom('products').select('id').execute();
    expect((await listProducts(t.db, { limit: 1, offset: 0, includeUnpublished: true })).total).toBe(all.length);
  });
});
