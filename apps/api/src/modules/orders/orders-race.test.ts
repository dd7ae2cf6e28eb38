import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addProduct, addShop } from '../../test/fixtures.js';
import { items, openOrdersPerProduct, orderTables, placeOrder } from './testing.js';

// On PostgreSQL the transactions truly overlap (one pool connection each); SQLite has one writer, so
// fewer trials show the same guarantee there.
describe.each(engines)('buyers racing for the same item [%s]', (engine) => {
  const trials = engine === 'postgres' ? 30 : 5;
  let t: TestApp;
  let shopA: number;
  let shopB: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    shopA = await addShop(t.db, 'Race Shop A');
    shopB = await addShop(t.db, 'Race Shop B', { town: 'Blantyre' });
  });
  afterAll(() => t.close());

  const product = (name: string, shopId = shopA) => addProduct(t.db, { name, shopId, images: 0 });
  const holdsOf = async (productIds: number[]) =>
    await t.db.kysely
      .selectFrom('product_holds')
      .select(['product_id', 'order_id'])
      .where('product_id', 'in', productIds)
      .execute();

  async function expectNoDoubleHolds() {
    for (const [productId, open] of await openOrdersPerProduct(t.db)) expect(open, `product ${productId}`).toBe(1);
  }

  it(`lets exactly one of 8 buyers order the last unit (${trials} trials)`, async () => {
    for (let trial = 0; trial < trials; trial++) {
      const id = await product(`Last PlayStation ${trial}`);
      const before = await orderTables(t.db);
      const results = await Promise.all(Array.from({ length: 8 }, () => placeOrder(t.app, items(id))));
      const statuses = results.map((r) => r.statusCode);
      expect(
        statuses.filter((s) => s === 201),
        `trial ${trial}: ${statuses.join()}`,
      ).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(7);
      for (const loser of results.filter((r) => r.statusCode === 409)) {
        expect(loser.json().unavailable).toEqual([id]);
        expect(loser.json().message).toMatch(
          new RegExp(
            `^Some items can no longer be ordered: Last PlayStation ${trial} (is|was just) reserved by another buyer\\.$`,
          ),
        );
      }
      const holds = await holdsOf([id]);
      expect(holds).toHaveLength(1);
      const winner = results.find((r) => r.statusCode === 201)!.json().orders[0];
      const order = await t.db.kysely
        .selectFrom('orders')
        .select('id')
        .where('number', '=', winner.number)
        .executeTakeFirstOrThrow();
      expect(holds[0]!.order_id).toBe(order.id);
      const after = await orderTables(t.db);
      expect(after).toEqual({
        orders: before.orders + 1,
        order_items: before.order_items + 1,
        product_holds: before.product_holds + 1,
        order_events: before.order_events + 1,
      });
    }
    await expectNoDoubleHolds();
  });

  it(`lets exactly one of two overlapping baskets through; the loser leaves nothing behind (${trials} trials)`, async () => {
    for (let trial = 0; trial < trials; trial++) {
      const p1 = await product(`Overlap A ${trial}`);
      const p2 = await product(`Overlap Shared ${trial}`, shopB);
      const p3 = await product(`Overlap C ${trial}`);
      const before = await orderTables(t.db);
      const [a, b] = await Promise.all([placeOrder(t.app, items(p1, p2)), placeOrder(t.app, items(p2, p3))]);
      expect([a.statusCode, b.statusCode].sort(), `trial ${trial}`).toEqual([201, 409]);
      const [winner, loser, loserOnly] = a.statusCode === 201 ? [a, b, p3] : [b, a, p1];
      expect(loser.json().unavailable).toEqual([p2]);
      // The winner's two items (two shops: two orders) are held; the loser's own item is still on sale.
      expect(winner.json().orders).toHaveLength(2);
      expect((await holdsOf([p1, p2, p3])).map((h) => h.product_id).sort((x, y) => x - y)).toEqual(
        [p1, p2, p3].filter((p) => p !== loserOnly).sort((x, y) => x - y),
      );
      const after = await orderTables(t.db);
      expect(after).toEqual({
        orders: before.orders + 2,
        order_items: before.order_items + 2,
        product_holds: before.product_holds + 2,
        order_events: before.order_events + 2,
      });
    }
    await expectNoDoubleHolds();
  });

  it(`never deadlocks when two baskets hold the same items in opposite order (${trials} trials)`, async () => {
    for (let trial = 0; trial < trials; trial++) {
      const p1 = await product(`Cross A ${trial}`);
      const p2 = await product(`Cross B ${trial}`, shopB);
      const results = await Promise.all([
        placeOrder(t.app, items(p1, p2)),
        placeOrder(t.app, items(p2, p1)),
        placeOrder(t.app, items(p1, p2)),
      ]);
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses, `trial ${trial}`).toEqual([201, 409, 409]);
    }
    await expectNoDoubleHolds();
  });
});
