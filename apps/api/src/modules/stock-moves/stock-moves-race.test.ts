import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addProduct, addShop } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { items, placeOrder } from '../orders/testing.js';

// docs/decisions/0062: a buyer's order and a staff move for the same item at once: exactly one wins. On
// PostgreSQL the two transactions truly overlap; SQLite has one writer, so fewer trials there.
describe.each(engines)('an order racing a move [%s]', (engine) => {
  const trials = engine === 'postgres' ? 30 : 5;
  let t: TestApp;
  let headers: Record<string, string>;
  let from: number;
  let to: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    headers = (await signIn(t.app, t.db, 'Moderator')).headers;
    from = await addShop(t.db, 'Race From', { town: 'Lilongwe' });
    to = await addShop(t.db, 'Race To', { town: 'Mzuzu' });
  });
  afterAll(() => t.close());

  it(`lets exactly one of an order and a move through (${trials} trials)`, async () => {
    for (let trial = 0; trial < trials; trial++) {
      const id = await addProduct(t.db, { name: `Raced Phone ${trial}`, shopId: from, images: 0 });
      const [order, move] = await Promise.all([
        placeOrder(t.app, items(id)),
        t.app.inject({ method: 'POST', url: `/api/admin/products/${id}/move`, headers, payload: { shop_id: to } }),
      ]);
      expect([order.statusCode, move.statusCode].sort(), `trial ${trial}: ${order.body} ${move.body}`).toEqual(
        order.statusCode === 201 ? [201, 409] : [200, 409],
      );
      const held = await t.db.kysely
        .selectFrom('product_holds')
        .select('order_id')
        .where('product_id', '=', id)
        .execute();
      const row = await t.db.kysely
        .selectFrom('products')
        .select('transit_shop_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      // Never both: a held item in transit would leave the shop the buyer collects from.
      expect(held.length + (row.transit_shop_id === null ? 0 : 1), `trial ${trial}`).toBe(1);
    }
  });
});
