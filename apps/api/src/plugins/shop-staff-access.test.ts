import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { engines } from '../test/databases.js';
import { addCategory, addProduct, addShop } from '../test/fixtures.js';
import { signIn } from '../test/users.js';
import { multipartBody } from '../modules/images/testing.js';
import { items, placeOrder, staffStep } from '../modules/orders/testing.js';
import { inStock, staffCalls } from '../modules/seller-requests/testing.js';
import { receivedReturn } from '../modules/returns/testing-outcomes.js';
import { offerBody, offerRow, offersApi } from '../modules/offers/testing.js';

// docs/decisions/0061: Shop staff work on one shop. Every back-office route open to them is tried with another
// shop's objects (a 404, as if missing, or nothing listed) and with their own shop's (allowed).
describe.each(engines)('Shop staff are kept to their shop [%s]', (engine) => {
  let t: TestApp;
  let moderator: Record<string, string>;
  let staff: Record<string, string>;
  let categoryId: number;
  const shops = { own: 0, other: 0 };
  const objects: Record<
    'own' | 'other',
    { order: number; product: number; request: number; transfer: number; return: number; offer: number }
  > = {
    own: { order: 0, product: 0, request: 0, transfer: 0, return: 0, offer: 0 },
    other: { order: 0, product: 0, request: 0, transfer: 0, return: 0, offer: 0 },
  };

  /** A buyer's offer on one of the shop's items (answered by that shop, decision 0103). */
  async function offerIn(shopId: number) {
    const productId = await addProduct(t.db, { name: `Offered ${Math.random()}`, price: 100_000, shopId });
    const made = await offersApi(t.app).make(productId, offerBody(80_000));
    expect(made.statusCode, made.body).toBe(201);
    const row = await offerRow(t.db, made.json().offer.reference);
    return row.id;
  }

  /** A buyer's ask to bring one of the shop's items to the other shop (answered by the holding shop). */
  async function transferFrom(shopId: number, toShopId: number) {
    const productId = await addProduct(t.db, { name: `Wanted ${Math.random()}`, shopId });
    const row = await t.db.kysely
      .insertInto('stock_requests')
      .values({
        product_id: productId,
        to_shop_id: toShopId,
        buyer_name: 'Chisomo',
        phone: '+265991111111',
        address_group: 'test',
        state: 'open',
        reason: null,
        created_at: new Date().toISOString(),
        decided_by: null,
        decided_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function orderIn(shopId: number) {
    const product = await addProduct(t.db, { name: `Staff item ${Math.random()}`, price: 90_000, shopId });
    const placed = await placeOrder(t.app, items(product));
    expect(placed.statusCode, placed.body).toBe(201);
    const { number } = placed.json().orders[0];
    const row = await t.db.kysely
      .selectFrom('orders')
      .select('id')
      .where('number', '=', number)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    moderator = (await signIn(t.app, t.db, 'Moderator')).headers;
    categoryId = await addCategory(t.db, 'Phones');
    shops.own = await addShop(t.db, 'Lilongwe Shop');
    shops.other = await addShop(t.db, 'Blantyre Shop');
    staff = (await signIn(t.app, t.db, 'Shop staff', shops.own)).headers;
    for (const side of ['own', 'other'] as const) {
      const shopId = shops[side];
      objects[side].order = await orderIn(shopId);
      objects[side].product = await addProduct(t.db, { name: `${side} phone`, shopId, published: false });
      objects[side].request = (
        await inStock(t.app, staffCalls(t.app, moderator), { shop_id: shopId, category_id: categoryId })
      ).id;
    }
    for (const side of ['own', 'other'] as const) {
      objects[side].return = (await receivedReturn(t.db, { shopId: shops[side] })).id;
      objects[side].offer = await offerIn(shops[side]);
    }
    objects.own.transfer = await transferFrom(shops.own, shops.other);
    objects.other.transfer = await transferFrom(shops.other, shops.own);
  });
  afterAll(() => t.close());

  const get = (url: string, headers = staff) => t.app.inject({ method: 'GET', url, headers });
  /** The object of a side that an `:id` route works on, by the route's path. */
  function objectFor(url: string, side: 'own' | 'other') {
    if (url.startsWith('/api/admin/orders/')) return objects[side].order;
    if (url.startsWith('/api/admin/products/')) return objects[side].product;
    if (url.startsWith('/api/admin/seller-requests/') || url.startsWith('/api/admin/counter-offer/'))
      return objects[side].request;
    if (url.startsWith('/api/admin/transfer-requests/')) return objects[side].transfer;
    if (url.startsWith('/api/admin/returns/')) return objects[side].return;
    if (url.startsWith('/api/admin/offers/')) return objects[side].offer;
    throw new Error(`${url} is open to Shop staff: say here which object it works on`);
  }

  it("answers every route open to Shop staff with another shop's object as missing (404)", async () => {
    const routes = t.app.routeInventory.filter(
      (r) => r.url.includes(':') && Array.isArray(r.access) && r.access.includes('Shop staff'),
    );
    expect(routes.length).toBeGreaterThanOrEqual(15);
    for (const route of routes) {
      const url = route.url.replace(/:[A-Za-z]+/, String(objectFor(route.url, 'other')));
      // A body that passes each route's schema would be too much here: with none, the shop check must still come
      // first for routes without a body, and a 400 for the rest says nothing of the object either.
      const res = await t.app.inject({ method: route.method as 'GET', url, headers: staff });
      expect([404, 400], `${route.method} ${route.url}: ${res.body}`).toContain(res.statusCode);
      if (res.statusCode === 400) expect(res.body, `${route.method} ${route.url}`).not.toContain('not found');
    }
    // With a valid body too, the other shop's order is missing, not completed.
    const other = objects.other.order;
    for (const step of ['confirm', 'ready', 'complete'])
      expect((await staffStep(t.app, t.db, staff, { id: other, step })).json().message).toBe('Order not found');
    expect((await get(`/api/admin/orders/${other}`)).json().message).toBe('Order not found');
    expect((await get(`/api/admin/products/${objects.other.product}`)).json().message).toBe('Product not found');
    expect((await get(`/api/admin/seller-requests/${objects.other.request}`)).json().message).toBe(
      'Seller request not found',
    );
  });

  it("opens their own shop's order, product and request, and completes the order with the buyer's code", async () => {
    for (const url of [
      `/api/admin/orders/${objects.own.order}`,
      `/api/admin/products/${objects.own.product}`,
      `/api/admin/seller-requests/${objects.own.request}`,
    ])
      expect((await get(url)).statusCode, url).toBe(200);
    for (const step of ['confirm', 'ready', 'complete']) {
      const res = await staffStep(t.app, t.db, staff, {
        id: objects.own.order,
        step,
        payload: step === 'complete' ? { payment_method: 'cash' } : undefined,
      });
      expect(res.statusCode, `${step}: ${res.body}`).toBe(200);
    }
    expect((await get(`/api/admin/orders/${objects.own.order}`)).json().status).toBe('Completed');
  });

  it('lists only their shop, and a filter for another shop answers nothing', async () => {
    const lists = [
      { url: '/api/admin/orders?limit=100', key: 'orders', id: 'order' },
      { url: '/api/admin/products?limit=100', key: 'products', id: 'product' },
      { url: '/api/admin/seller-requests?limit=100', key: 'seller_requests', id: 'request' },
      { url: '/api/admin/transfer-requests?limit=100', key: 'transfer_requests', id: 'transfer' },
      { url: '/api/admin/offers?limit=100', key: 'offers', id: 'offer' },
    ] as const;
    for (const list of lists) {
      const ids = (await get(list.url)).json()[list.key].map((r: { id: number }) => r.id);
      expect(ids, list.url).toContain(objects.own[list.id]);
      expect(ids, list.url).not.toContain(objects.other[list.id]);
      const filtered = await get(`${list.url}&shop_id=${shops.other}`);
      expect(filtered.statusCode).toBe(200);
      expect(filtered.json()[list.key], list.url).toEqual([]);
      // Moderators are unchanged: they see both shops.
      const all = (await get(list.url, moderator)).json()[list.key].map((r: { id: number }) => r.id);
      expect(all).toEqual(expect.arrayContaining([objects.own[list.id], objects.other[list.id]]));
    }
    // A sale in each shop, booked by a Moderator here (tests run in a shuffled order: none may lean on another's).
    for (const shopId of [shops.own, shops.other]) {
      const id = await orderIn(shopId);
      for (const step of ['confirm', 'ready', 'complete'])
        expect(
          (
            await staffStep(t.app, t.db, moderator, {
              id,
              step,
              payload: step === 'complete' ? { payment_method: 'cash' } : undefined,
            })
          ).statusCode,
        ).toBe(200);
    }
    // The day the own shop's sale was booked, whatever the clock said.
    const sale = await t.db.kysely
      .selectFrom('ledger_entries')
      .select('created_at')
      .where('shop_id', '=', shops.own)
      .executeTakeFirstOrThrow();
    const today = sale.created_at.slice(0, 10);
    const entries = (await get(`/api/admin/money/entries?from=${today}&to=${today}&limit=100`)).json();
    expect(entries.entries.length).toBeGreaterThan(0);
    expect(entries.entries.every((e: { shop_id: number | null }) => e.shop_id === shops.own)).toBe(true);
    const summary = await get(`/api/admin/money/summary?from=${today}&to=${today}&shop_id=${shops.other}`);
    expect(summary.statusCode).toBe(200);
    const csv = await get(`/api/admin/money/entries.csv?from=${today}&to=${today}`);
    expect(csv.body).not.toContain('Blantyre Shop');
  });

  it("counts only their shop on the dashboard and shows no one else's actions", async () => {
    const mine = (await get('/api/admin/dashboard')).json();
    const everyone = (await get('/api/admin/dashboard', moderator)).json();
    const ownOrders = await t.db.kysely.selectFrom('orders').select('id').where('shop_id', '=', shops.own).execute();
    expect(mine.stats.orders).toBe(ownOrders.length);
    expect(mine.stats.products).toBe(await countProducts(shops.own));
    expect(mine.stats.users).toBe(1);
    expect(everyone.stats.orders).toBeGreaterThan(mine.stats.orders);
    expect(mine.recent_actions).toEqual([]);
  });

  async function countProducts(shopId: number) {
    const rows = await t.db.kysely.selectFrom('products').select('id').where('shop_id', '=', shopId).execute();
    return rows.length;
  }

  async function sendProduct(method: 'POST' | 'PUT', url: string, shopId: number) {
    const body = await multipartBody(
      Object.entries({
        item_name: 'Tecno Spark',
        name: 'Tecno Spark',
        description: '128GB',
        price: '150000',
        location: 'Lilongwe',
        category_id: String(categoryId),
        shop_id: String(shopId),
        published: 'false',
      }),
    );
    return t.app.inject({ method, url, headers: { ...staff, ...body.headers }, payload: body.payload });
  }

  it('creates products in their own shop only, and cannot move one to another shop', async () => {
    const before = await countProducts(shops.other);
    const refused = await sendProduct('POST', '/api/admin/products/create', shops.other);
    expect(refused.statusCode).toBe(403);
    expect(await countProducts(shops.other)).toBe(before);
    expect((await sendProduct('POST', '/api/admin/products/create', shops.own)).statusCode).toBe(201);
    const moved = await sendProduct('PUT', `/api/admin/products/${objects.own.product}`, shops.other);
    expect(moved.statusCode).toBe(403);
    expect((await get(`/api/admin/products/${objects.own.product}`)).json().shop_id).toBe(shops.own);
  });

  it('is refused the rest of the back-office (403)', async () => {
    for (const url of [
      '/api/admin/users',
      `/api/admin/shops/${shops.own}`,
      `/api/admin/categories/${categoryId}`,
      '/api/admin/featured-products',
      '/api/admin/reports',
    ])
      expect((await get(url)).statusCode, url).toBe(403);
    const shopPost = await t.app.inject({ method: 'POST', url: '/api/admin/shops', headers: staff, payload: {} });
    expect(shopPost.statusCode).toBe(403);
    // The shop picker's list holds their shop alone; the category picker every category.
    const picker = (await get('/api/admin/shops?limit=100')).json();
    expect(picker.shops.map((s: { id: number }) => s.id)).toEqual([shops.own]);
    expect(picker.total).toBe(1);
    expect((await get('/api/admin/categories?limit=100')).statusCode).toBe(200);
    const me = (await get('/api/v1/auth/me')).json();
    expect(me).toMatchObject({ role: 'Shop staff', shop_id: shops.own });
  });
});
