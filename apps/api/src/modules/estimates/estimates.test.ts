import type { ConditionGrade } from '@marketplace/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testClock, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addCategory, addProduct, addShop } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { items, placeOrder, staffStep } from '../orders/testing.js';
import { nextIp, staffCalls, submit } from '../seller-requests/testing.js';
import { ESTIMATE_MAX_AGE_SECONDS } from './routes.js';

const DAY_MS = 24 * 60 * 60 * 1000;

// docs/decisions/0055: ranges only from 3 or more accepted offers (or completed sales) of the same model and
// grade, rounded outwards to 5,000 so that no single price can be read back.
describe.each(engines)('price estimates [%s]', (engine) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let staff: ReturnType<typeof staffCalls>;
  let shopId: number;
  let phones: number;
  let laptops: number;
  const clock = testClock(new Date('2026-06-01T09:00:00.000Z'));

  beforeAll(async () => {
    t = await createTestApp(engine, { clock });
    headers = (await signIn(t.app, t.db, 'Moderator')).headers;
    staff = staffCalls(t.app, headers);
    shopId = await addShop(t.db, 'Lilongwe Shop');
    phones = await addCategory(t.db, 'SmartPhones');
    laptops = await addCategory(t.db, 'Laptops');
  });
  afterAll(() => t.close());

  const ok = (res: { statusCode: number; body: string }) => {
    if (res.statusCode !== 200) throw new Error(res.body);
  };

  /**
   * A request offered `amount`; accepted unless `accept` is false; put in stock in `categoryId` when given;
   * `chosen`: the category the seller chose on /sell.
   */
  async function offered(
    name: string,
    condition: ConditionGrade,
    amount: number,
    { accept = true, categoryId, chosen }: { accept?: boolean; categoryId?: number; chosen?: string } = {},
  ) {
    const { id } = await submit(t.app, { item_name: name, condition, ...(chosen ? { category: chosen } : {}) });
    ok(await staff.approve(id));
    ok(await staff.offer(id, amount));
    if (!accept) return id;
    ok(await staff.recordAcceptance(id));
    if (categoryId !== undefined) ok(await staff.addToInventory(id, { shop_id: shopId, category_id: categoryId }));
    return id;
  }

  const estimate = (query: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/estimates?${query}`, remoteAddress: nextIp() });

  it('gives no range under 3 accepted offers, and one from the third', async () => {
    await offered('Nokia G21', 'good', 90_000);
    await offered('Nokia G21', 'good', 95_000);
    expect((await estimate('q=Nokia%20G21&condition=good')).json()).toEqual({ count: 0 });
    await offered('Nokia G21', 'good', 100_000);
    expect((await estimate('q=Nokia%20G21&condition=good')).json()).toMatchObject({
      count: 3,
      low: 90_000,
      high: 100_000,
    });
  });

  it('follows accepted offers of the same category, model and grade, and nothing else', async () => {
    for (const amount of [121_000, 128_000, 133_000, 141_000, 149_000])
      await offered('Samsung Galaxy A54 5G', 'good', amount, { categoryId: phones });
    // Another grade, another model, an offer the seller never accepted, another category: none count.
    for (const amount of [60_000, 61_000, 62_000]) await offered('Samsung Galaxy A54', 'fair', amount);
    for (const amount of [70_000, 71_000, 72_000]) await offered('Samsung Galaxy A34', 'good', amount);
    for (const amount of [300_000, 310_000, 320_000])
      await offered('Samsung Galaxy A54', 'good', amount, { accept: false });
    const res = await estimate('category=SmartPhones&q=Samsung%20Galaxy%20A54&condition=good');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      low: 120_000,
      high: 150_000,
      count: 5,
      basis: '5 offers sellers accepted in the last 180 days',
    });
    // The typed name is read as the search reads it: case, extra spaces and the model code alone.
    expect((await estimate('q=%20samsung%20A54%20&condition=good')).json()).toMatchObject({ count: 5 });
    expect((await estimate('q=Galaxy%20A5&condition=good')).json()).toEqual({ count: 0 });
    expect((await estimate('category=Laptops&q=Samsung%20Galaxy%20A54&condition=good')).json()).toEqual({
      count: 0,
    });
    expect((await estimate('q=Samsung%20Galaxy%20A54&condition=fair')).json()).toMatchObject({
      count: 3,
      low: 60_000,
      high: 65_000,
    });
  });

  it('counts the category the seller chose on /sell, before staff put the item in stock', async () => {
    for (const amount of [180_000, 190_000, 200_000])
      await offered('Lenovo ThinkPad T480', 'good', amount, { chosen: 'laptops' });
    const ask = (category: string) => estimate(`category=${category}&q=Lenovo%20ThinkPad%20T480&condition=good`);
    expect((await ask('Laptops')).json()).toMatchObject({ count: 3, low: 180_000, high: 200_000 });
    expect((await ask('SmartPhones')).json()).toEqual({ count: 0 });
    // Staff see the estimate of the seller's category on the request until they choose another.
    const request = await offered('Lenovo ThinkPad T480', 'good', 185_000, { accept: false, chosen: 'Laptops' });
    const url = `/api/admin/seller-requests/${request}/estimates`;
    expect((await t.app.inject({ method: 'GET', url, headers })).json().offer).toMatchObject({ count: 3 });
    const other = await t.app.inject({ method: 'GET', url: `${url}?category_id=${phones}`, headers });
    expect(other.json().offer).toEqual({ count: 0 });
  });

  it('reveals no single offer: 3 offers give a range rounded outwards to 5,000, at least 5,000 wide', async () => {
    for (const amount of [123_456, 131_000, 138_001]) await offered('Tecno Spark 10', 'like_new', amount);
    const range = (await estimate('q=Tecno%20Spark%2010&condition=like_new')).json();
    expect(range).toMatchObject({ count: 3, low: 120_000, high: 140_000 });
    for (let i = 0; i < 3; i++) await offered('Infinix Hot 30', 'good', 130_000);
    expect((await estimate('q=Infinix%20Hot%2030&condition=good')).json()).toMatchObject({
      low: 130_000,
      high: 135_000,
    });
  });

  it('forgets offers accepted more than 180 days ago', async () => {
    for (const amount of [40_000, 45_000, 50_000]) await offered('Itel A70', 'fair', amount);
    expect((await estimate('q=Itel%20A70&condition=fair')).json()).toMatchObject({ count: 3 });
    try {
      clock.advance(181 * DAY_MS);
      expect((await estimate('q=Itel%20A70&condition=fair')).json()).toEqual({ count: 0 });
    } finally {
      clock.advance(-181 * DAY_MS);
    }
  });

  it('is a public call any cache may keep for 5 minutes, and checks what it is asked', async () => {
    const res = await estimate('q=Anything%20at%20all&condition=good');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(`public, max-age=${ESTIMATE_MAX_AGE_SECONDS}`);
    expect((await estimate('q=Nokia&condition=excellent')).statusCode).toBe(400);
    expect((await estimate('condition=good')).statusCode).toBe(400);
  });

  it('is rate limited per address', async () => {
    const remoteAddress = nextIp();
    const ask = () => t.app.inject({ method: 'GET', url: '/api/v1/estimates?q=Nokia&condition=good', remoteAddress });
    for (let i = 0; i < 60; i++) expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(429);
  });

  it('shows staff the offer estimate and, from completed orders, the selling estimate', async () => {
    for (const amount of [200_000, 210_000, 220_000]) await offered('HP EliteBook 840 G5', 'fair', amount);
    const request = await offered('HP EliteBook 840 G5', 'fair', 215_000, { accept: false });
    for (const price of [251_000, 262_000, 274_000]) {
      const id = await addProduct(t.db, {
        name: 'HP EliteBook 840 G5 i5',
        price,
        condition: 'fair',
        categoryId: laptops,
        shopId,
      });
      const placed = await placeOrder(t.app, items(id));
      const number = placed.json().orders[0].number as string;
      const order = await t.db.kysely
        .selectFrom('orders')
        .select('id')
        .where('number', '=', number)
        .executeTakeFirstOrThrow();
      for (const [action, payload] of [
        ['confirm', undefined],
        ['ready', undefined],
        ['complete', { payment_method: 'cash' }],
      ] as const)
        ok(await staffStep(t.app, t.db, headers, { id: order.id, step: action, payload }));
    }
    // A product of another grade, never sold, does not count.
    await addProduct(t.db, { name: 'HP EliteBook 840 G5', price: 900_000, condition: 'like_new', categoryId: laptops });
    const url = `/api/admin/seller-requests/${request}/estimates`;
    const res = await t.app.inject({ method: 'GET', url: `${url}?category_id=${laptops}`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    // The offers were never put in a category, so with one chosen only the sales count.
    expect(res.json()).toMatchObject({ offer: { count: 0 }, sale: { count: 3, low: 250_000, high: 275_000 } });
    const any = (await t.app.inject({ method: 'GET', url, headers })).json();
    expect(any).toMatchObject({ offer: { count: 3, low: 200_000, high: 220_000 }, sale: { count: 3 } });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/seller-requests/999999/estimates', headers })).statusCode,
    ).toBe(404);
  });
});
