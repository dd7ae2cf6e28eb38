import type { Fulfilment } from '@marketplace/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as soldItemsStayPublic } from '../../db/migrations/0030-sold-items-stay-public.js';
import { createTestApp, testClock, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addProduct, addShop, feature } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { collectionCodeOf, items, placeOrder, staffStep } from '../orders/testing.js';
import { hideByReports } from './repository.js';

// docs/decisions/0066: a sold item keeps its public page (Sold, photos, details), however it was sold; an id
// that never existed, an unpublished item and one hidden by reports are not found.
describe.each(engines)('a sold item’s page [%s]', (engine) => {
  let t: TestApp;
  let staff: Record<string, string>;
  let shopId: number;
  const clock = testClock(new Date('2026-11-26T09:00:00.000Z'));

  beforeAll(async () => {
    t = await createTestApp(engine, { clock });
    staff = (await signIn(t.app, t.db, 'Moderator')).headers;
    shopId = await addShop(t.db, 'Lilongwe Shop', { deliveryFee: 3000 });
  });
  afterAll(() => t.close());

  const page = (id: number | string) => t.app.inject({ method: 'GET', url: `/api/v1/products/${id}` });

  /** Sells a fresh item through an order, collected or delivered; the product's id and what the order knows. */
  async function soldThroughOrder(fulfilment: Fulfilment, imei = '356938035643809') {
    const productId = await addProduct(t.db, {
      name: `Samsung Galaxy A54 ${fulfilment}`,
      price: 420_000,
      shopId,
      images: 2,
    });
    await t.db.kysely.insertInto('device_imeis').values({ imei, product_id: productId, position: 0 }).execute();
    const extra = fulfilment === 'delivery' ? { fulfilment, address: 'Plot 9, Area 47', area: 'Area 47' } : {};
    const placed = await placeOrder(t.app, items(productId), { buyer_name: 'Tiyamike Phiri', ...extra });
    expect(placed.statusCode, placed.body).toBe(201);
    const { number, token } = placed.json().orders[0] as { number: string; token: string };
    const { id, phone } = await t.db.kysely
      .selectFrom('orders')
      .select(['id', 'phone'])
      .where('number', '=', number)
      .executeTakeFirstOrThrow();
    const code = await collectionCodeOf(t.db, id);
    for (const step of ['confirm', 'ready'])
      expect((await staffStep(t.app, t.db, staff, { id, step })).statusCode).toBe(200);
    clock.advance(60_000);
    const done = await staffStep(t.app, t.db, staff, { id, step: 'complete', payload: { payment_method: 'cash' } });
    expect(done.statusCode, done.body).toBe(200);
    return { productId, orderId: id, number, token, code, imei, phone };
  }

  it.each(['collect', 'delivery'] as const)(
    'answers an item sold through a %s order with 200, Sold, its photos and details, and nothing private',
    async (fulfilment) => {
      const sale = await soldThroughOrder(fulfilment);
      const res = await page(sale.productId);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: sale.productId,
        name: `Samsung Galaxy A54 ${fulfilment}`,
        price: 420_000,
        sold: true,
        reserved: false,
        shop: { name: 'Lilongwe Shop' },
      });
      expect(res.json().images).toHaveLength(2);
      // Its answer has the fields of any public product, and none of the sale's: buyer, phone, IMEI, code, order.
      const onSale = await addProduct(t.db, { name: 'Tecno Spark 10', shopId });
      expect(Object.keys(res.json()).sort()).toEqual(Object.keys((await page(onSale)).json()).sort());
      // The whole phone, as stored and as typed (a 4-digit prefix turned up inside a photo's file name).
      const typed = `0${sale.phone.slice(4)}`;
      for (const secret of ['Tiyamike', sale.phone, typed, sale.imei, sale.code, sale.number, sale.token])
        expect(res.body).not.toContain(secret);
    },
  );

  it('answers an id that never existed with 404, and an id that cannot exist with 400', async () => {
    const missing = await page(987_654);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Product not found');
    expect((await page('abc')).statusCode).toBe(400);
  });

  it('never lets a sold item be ordered again', async () => {
    const { productId } = await soldThroughOrder('collect', '356938035643817');
    const again = await placeOrder(t.app, items(productId));
    expect(again.statusCode).toBe(409);
    expect(again.json().unavailable).toEqual([productId]);
    // Lists of what can be bought now leave it out; Featured Items too, though staff featured it.
    const onSale = (await t.app.inject({ method: 'GET', url: '/api/v1/products?available=true&limit=100' })).json();
    expect(onSale.products.map((p: { id: number }) => p.id)).not.toContain(productId);
  });

  it('takes a featured item that sells off Featured Items', async () => {
    const productId = await addProduct(t.db, { name: 'PlayStation 5', shopId });
    await feature(t.db, productId);
    const featured = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/products/featured-products' }))
        .json()
        .products.map((p: { id: number }) => p.id);
    expect(await featured()).toContain(productId);
    await t.db.kysely.updateTable('products').set({ sold: 1 }).where('id', '=', productId).execute();
    expect(await featured()).not.toContain(productId);
    expect((await page(productId)).statusCode).toBe(200);
  });

  it('keeps an unpublished or reported sold item not found, as any unpublished item', async () => {
    const unpublished = (await soldThroughOrder('collect', '356938035643825')).productId;
    const unpublish = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${unpublished}/unpublish`,
      headers: staff,
    });
    expect(unpublish.statusCode).toBe(200);
    expect((await page(unpublished)).statusCode).toBe(404);

    const reported = (await soldThroughOrder('delivery', '356938035643833')).productId;
    expect(await hideByReports(t.db.kysely, reported, clock().toISOString())).toBe(true);
    const hidden = await page(reported);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('Product not found');
  });

  it('gives back their page to items an earlier completion unpublished, and only those (migration 0030)', async () => {
    // As completion did before: sold and unpublished in the completing transaction (updated_at = completed_at).
    const unpublishedBySale = async (imei: string) => {
      const { productId } = await soldThroughOrder('collect', imei);
      await t.db.kysely.updateTable('products').set({ published: 0 }).where('id', '=', productId).execute();
      return productId;
    };
    const restored = await unpublishedBySale('356938035643841');
    const unpublishedLater = await unpublishedBySale('356938035643858');
    await t.db.kysely
      .updateTable('products')
      .set({ updated_at: new Date(clock().getTime() + 3_600_000).toISOString() })
      .where('id', '=', unpublishedLater)
      .execute();
    const reported = await unpublishedBySale('356938035643866');
    await t.db.kysely.updateTable('products').set({ hidden_by_reports: 1 }).where('id', '=', reported).execute();
    const neverOrdered = await addProduct(t.db, { name: 'Sold at the counter', published: false, sold: true });

    await soldItemsStayPublic(t.db.kysely as never);
    expect((await page(restored)).json()).toMatchObject({ id: restored, sold: true });
    for (const id of [unpublishedLater, reported, neverOrdered]) expect((await page(id)).statusCode).toBe(404);
  });
});
