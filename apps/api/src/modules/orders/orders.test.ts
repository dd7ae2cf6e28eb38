import { createHash } from 'node:crypto';
import { EMPTY_BASKET, MALAWI_PHONE_MESSAGE, orderNumberPattern, orderTokenPattern } from '@marketplace/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testClock, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addProduct, addShop, type ProductFixture } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { PRODUCT_RESERVED } from '../admin-products/service.js';
import { RESERVATION_DEFAULTS } from '../../config.js';
import { TOO_MANY_ORDERS } from './routes.js';
import { buyer, items, nextIp, orderTables, placeOrder } from './testing.js';
import { REQUEST_REUSED } from './place.js';

const T0 = new Date('2026-03-02T09:30:00.000Z');

describe.each(engines)('placing orders [%s]', (engine) => {
  let t: TestApp;
  let staff: Record<string, string>;
  let lilongwe: number;
  let blantyre: number;
  const clock = testClock(T0);

  beforeAll(async () => {
    t = await createTestApp(engine, { clock });
    staff = (await signIn(t.app, t.db, 'Moderator')).headers;
    lilongwe = await addShop(t.db, 'Lilongwe City Centre Shop', {
      town: 'Lilongwe',
      phone: '+265999123456',
      deliveryFee: 5000,
    });
    blantyre = await addShop(t.db, 'Blantyre Limbe Shop', { town: 'Blantyre', phone: null });
  });
  afterAll(() => t.close());

  const product = (name: string, over: Partial<ProductFixture> = {}) =>
    addProduct(t.db, { name, price: 100_000, shopId: lilongwe, ...over });
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const publicProduct = async (id: number) => (await get(`/api/v1/products/${id}`)).json();
  const availableIds = async () =>
    (await get('/api/v1/products?available=true&limit=100')).json().products.map((p: { id: number }) => p.id);

  it('places a collection order at server prices, reserves the item and shows the order through its private link', async () => {
    clock.set(T0); // other tests move the clock on
    const id = await product('Samsung Galaxy A54', { price: 485_000, images: 2 });
    const res = await placeOrder(t.app, [{ product_id: id, price: 485_000 }], { phone: buyer.phone });
    expect(res.statusCode).toBe(201);
    const [order] = res.json().orders;
    expect(order).toMatchObject({
      status: 'Placed',
      fulfilment: 'collect',
      buyer_name: 'Chikondi Banda',
      phone: '+265999123456',
      email: 'chikondi@example.mw',
      address: null,
      area: null,
      shop: {
        id: lilongwe,
        name: 'Lilongwe City Centre Shop',
        town: 'Lilongwe',
        address: 'Area 47, Lilongwe',
        hours: 'Mon-Fri 08:00-17:00',
        phone: '+265999123456',
      },
      items: [{ product_id: id, name: 'Samsung Galaxy A54', price: 485_000 }],
      subtotal: 485_000,
      delivery_fee: null,
      total: 485_000,
      created_at: T0.toISOString(),
      // Phones are not proved here (no SMS transport): UNPROVED_HOLD_HOURS, not RESERVATION_HOURS.
      expires_at: new Date(T0.getTime() + 12 * 3_600_000).toISOString(),
      history: [
        {
          action: 'placed',
          from_status: null,
          to_status: 'Placed',
          by: 'buyer',
          actor: null,
          reason: null,
          created_at: T0.toISOString(),
        },
      ],
    });
    expect(order.number).toMatch(orderNumberPattern);
    expect(order.token).toMatch(orderTokenPattern);
    const cover = (await publicProduct(id)).cover_image_url;
    expect(order.items[0].image).toBe(cover);

    // Only the token's hash is stored.
    const row = await t.db.kysely
      .selectFrom('orders')
      .selectAll()
      .where('number', '=', order.number)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(order.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(order.token);

    const page = await get(`/api/v1/orders/${order.token}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect((await get('/api/v1/products')).headers['cache-control']).not.toBe('private, no-store');
    const { token: _token, ...publicView } = order;
    expect(page.json()).toEqual(publicView);

    expect(await publicProduct(id)).toMatchObject({ reserved: true, sold: false });
    const listed = (await get('/api/v1/products?limit=100')).json().products.find((p: { id: number }) => p.id === id);
    expect(listed.reserved).toBe(true);
    expect(await availableIds()).not.toContain(id);
    const admin = await t.app.inject({ method: 'GET', url: `/api/admin/products/${id}`, headers: staff });
    expect(admin.json().reserved).toBe(true);
  });

  it('shows the shop and its town on public products; available=true lists only items on sale', async () => {
    const inShop = await product('Tecno Spark 10', { location: 'Area 18' });
    const noShop = await product('Loose Charger', { shopId: null, location: 'Zomba' });
    const sold = await product('Sold Phone', { sold: true });
    const p = await publicProduct(inShop);
    expect(p).toMatchObject({
      location: 'Lilongwe',
      reserved: false,
      shop: {
        id: lilongwe,
        name: 'Lilongwe City Centre Shop',
        town: 'Lilongwe',
        address: 'Area 47, Lilongwe',
        hours: 'Mon-Fri 08:00-17:00',
        phone: '+265999123456',
        delivery_fee: 5000,
      },
    });
    expect(await publicProduct(noShop)).toMatchObject({ location: 'Zomba', shop: null, reserved: false });
    const available = await availableIds();
    expect(available).toEqual(expect.arrayContaining([inShop, noShop]));
    expect(available).not.toContain(sold);
    const all = (await get('/api/v1/products?available=false&limit=100')).json();
    expect(all.products.map((x: { id: number }) => x.id)).toContain(sold);
    const bad = await get('/api/v1/products?available=maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.available).toBe('available must be true or false');
  });

  it('makes one order per shop, and one for items without a shop', async () => {
    const a = await product('Lilongwe Phone', { price: 200_000 });
    const b = await product('Lilongwe Laptop', { price: 300_000 });
    const c = await product('Blantyre TV', { price: 400_000, shopId: blantyre });
    const d = await product('Shopless Speaker', { price: 50_000, shopId: null });
    const res = await placeOrder(t.app, items(a, c, b, d));
    expect(res.statusCode).toBe(201);
    const orders = res.json().orders;
    expect(orders.map((o: { shop: { id: number } | null }) => o.shop?.id ?? null)).toEqual([lilongwe, blantyre, null]);
    expect(orders.map((o: { items: { product_id: number }[] }) => o.items.map((i) => i.product_id))).toEqual([
      [a, b],
      [c],
      [d],
    ]);
    expect(orders.map((o: { total: number }) => o.total)).toEqual([500_000, 400_000, 50_000]);
    expect(new Set(orders.map((o: { number: string }) => o.number)).size).toBe(3);
    expect(new Set(orders.map((o: { token: string }) => o.token)).size).toBe(3);
    for (const id of [a, b, c, d]) expect((await publicProduct(id)).reserved).toBe(true);
  });

  it("adds the shop's flat delivery fee for delivery, leaves it null (agreed on the phone) when the shop has none", async () => {
    const a = await product('Delivered Fridge', { price: 540_000 });
    const b = await product('Delivered Microwave', { price: 120_000, shopId: blantyre });
    const delivery = { fulfilment: 'delivery', address: 'Plot 12, Area 47', area: 'Area 47' };
    const res = await placeOrder(t.app, items(a, b), delivery);
    expect(res.statusCode).toBe(201);
    const [ll, bt] = res.json().orders;
    expect(ll).toMatchObject({
      fulfilment: 'delivery',
      address: 'Plot 12, Area 47',
      area: 'Area 47',
      subtotal: 540_000,
      delivery_fee: 5000,
      total: 545_000,
    });
    expect(bt).toMatchObject({ fulfilment: 'delivery', subtotal: 120_000, delivery_fee: null, total: 120_000 });
    // Collection keeps no address and pays no fee.
    const c = await product('Collected Blender', { price: 55_000 });
    const collect = (
      await placeOrder(t.app, items(c), { fulfilment: 'collect', address: 'ignored', area: 'ignored' })
    ).json().orders[0];
    expect(collect).toMatchObject({ address: null, area: null, delivery_fee: null, total: 55_000 });
  });

  it('accepts product ids and prices as JSON numbers or digit strings', async () => {
    const a = await product('String Id Phone', { price: 70_000 });
    const b = await product('Number Id Phone', { price: 80_000 });
    const res = await placeOrder(t.app, [
      { product_id: String(a), price: '70000' },
      { product_id: b, price: 80_000 },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json().orders[0].items.map((i: { product_id: number }) => i.product_id)).toEqual([a, b]);
  });

  describe('refusals', () => {
    it('refuses unknown, unpublished, sold and reserved items with a 409 naming them, and writes nothing', async () => {
      const ok = await product('Still Fine Phone');
      const hidden = await product('Hidden Phone', { published: false });
      const sold = await product('Sold Laptop', { sold: true });
      const taken = await product('iPhone 12');
      expect((await placeOrder(t.app, items(taken))).statusCode).toBe(201);
      const before = await orderTables(t.db);
      const res = await placeOrder(t.app, items(ok, 999_999, hidden, sold, taken));
      expect(res.statusCode).toBe(409);
      const body = res.json();
      expect(body.unavailable).toEqual([999_999, hidden, sold, taken]);
      expect(body.changed).toEqual([]);
      // An unpublished item is named by its number only, like an unknown one.
      expect(body.message).toBe(
        `Some items can no longer be ordered: Item #999999 is not on sale. Item #${hidden} is not on sale. Sold Laptop has been sold. iPhone 12 is reserved by another buyer.`,
      );
      expect(body.message).not.toContain('Hidden Phone');
      expect(body).toMatchObject({ status: 409, title: 'Conflict', detail: body.message });
      expect(await orderTables(t.db)).toEqual(before);
      expect((await publicProduct(ok)).reserved).toBe(false);
      // The rest of the basket goes through.
      expect((await placeOrder(t.app, items(ok))).statusCode).toBe(201);
    });

    it('refuses a price the buyer saw that is no longer the price, giving the new one', async () => {
      const id = await product('Xbox One S', { price: 700_000 });
      const same = await product('Controller', { price: 30_000 });
      const before = await orderTables(t.db);
      const res = await placeOrder(t.app, [
        { product_id: id, price: 650_000 },
        { product_id: same, price: 30_000 },
      ]);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        message: 'The price of Xbox One S changed to MWK 700,000.',
        unavailable: [],
        changed: [{ product_id: id, price: 700_000 }],
      });
      expect(await orderTables(t.db)).toEqual(before);
      expect((await placeOrder(t.app, [{ product_id: id, price: 700_000 }])).statusCode).toBe(201);
    });

    it.each([
      ['an empty basket', { items: [] }, 'items', EMPTY_BASKET],
      ['no basket at all', { items: undefined }, 'items', EMPTY_BASKET],
      [
        'the same item twice',
        { items: [{ product_id: 5 }, { product_id: '5' }] },
        'items',
        'Each item can be ordered once',
      ],
      [
        'a product id that is not a number',
        { items: [{ product_id: 'abc' }] },
        'items.0.product_id',
        'product_id must be a number',
      ],
      ['a negative product id', { items: [{ product_id: -1 }] }, 'items.0.product_id', 'product_id must be positive'],
      [
        'a price with decimals',
        { items: [{ product_id: 5, price: 10.5 }] },
        'items.0.price',
        'Price must contain only numbers',
      ],
      ['no name', { buyer_name: ' ' }, 'buyer_name', 'Your name is required'],
      ['no phone', { phone: '' }, 'phone', 'Phone number is required'],
      ['a foreign phone', { phone: '+44 7700 900123' }, 'phone', MALAWI_PHONE_MESSAGE],
      ['a short phone', { phone: '0999 123' }, 'phone', MALAWI_PHONE_MESSAGE],
      ['a bad email', { email: 'chikondi@' }, 'email', 'Invalid email'],
      [
        'an unknown way to receive',
        { fulfilment: 'drone' },
        'fulfilment',
        'Choose collect at the shop, delivery or coach',
      ],
      [
        'delivery without an address',
        { fulfilment: 'delivery', address: '', area: 'Area 47' },
        'address',
        'Delivery address is required',
      ],
      [
        'delivery without an area',
        { fulfilment: 'delivery', address: 'Plot 12', area: ' ' },
        'area',
        'Area is required',
      ],
    ])("refuses %s with a 400 and the field's message", async (_label, over, field, message) => {
      const id = await product(`Valid item for ${field}`);
      const before = await orderTables(t.db);
      const res = await placeOrder(t.app, items(id), over);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe(message);
      expect(await orderTables(t.db)).toEqual(before);
    });

    it('refuses a body that is not JSON with a 400', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/orders',
        headers: { 'content-type': 'application/json' },
        payload: '{"items": [',
        remoteAddress: nextIp(),
      });
      expect(res.statusCode).toBe(400);
    });

    it(`limits orders to ORDERS_PER_ADDRESS_HOUR (${RESERVATION_DEFAULTS.ordersPerAddressHour}) an hour per network address`, async () => {
      const ip = '10.66.66.66';
      for (let i = 0; i < RESERVATION_DEFAULTS.ordersPerAddressHour; i++)
        expect((await placeOrder(t.app, [], {}, ip)).statusCode).toBe(400);
      const limited = await placeOrder(t.app, [], {}, ip);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toBe(TOO_MANY_ORDERS);
    });
  });

  describe('the private link', () => {
    it.each([
      ['a malformed token', 'not-a-token'],
      ['a well-formed unknown token', 'A'.repeat(32)],
      ['a token with a dot', `${'A'.repeat(31)}.`],
    ])('answers %s with 404 Order not found', async (_label, token) => {
      for (const res of [
        await get(`/api/v1/orders/${encodeURIComponent(token)}`),
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/orders/${encodeURIComponent(token)}/cancel`,
          remoteAddress: nextIp(),
        }),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe('Order not found');
      }
    });

    it('lets the buyer cancel: the items are on sale again and a second cancel is refused', async () => {
      const id = await product('Cancelled Camera');
      const { token } = (await placeOrder(t.app, items(id))).json().orders[0];
      clock.advance(60_000);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/orders/${token}/cancel`,
        payload: { reason: 'Found one closer to home' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'Cancelled' });
      expect(res.json().history.at(-1)).toMatchObject({
        action: 'buyerCancel',
        from_status: 'Placed',
        to_status: 'Cancelled',
        by: 'buyer',
        actor: null,
        reason: 'Found one closer to home',
      });
      expect(await publicProduct(id)).toMatchObject({ reserved: false, sold: false });
      expect(await availableIds()).toContain(id);
      const again = await t.app.inject({ method: 'POST', url: `/api/v1/orders/${token}/cancel` });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('Cannot cancel: The order is cancelled.');
      // Without a body, and with the item back on sale another buyer can order it.
      const next = (await placeOrder(t.app, items(id))).json().orders[0];
      const plain = await t.app.inject({
        method: 'POST',
        url: `/api/v1/orders/${next.token}/cancel`,
        headers: { 'content-type': 'application/json' },
      });
      expect(plain.statusCode).toBe(200);
      expect(plain.json().history.at(-1).reason).toBeNull();
    });
  });

  it('answers a retried checkout (same request_id, answer lost on the way) with the same orders, not a 409', async () => {
    const phone = await product('Retry Phone');
    const radio = await product('Retry Radio', { shopId: blantyre });
    const request_id = 'r'.repeat(20) + Math.random().toString(36).slice(2, 14).padEnd(12, 'x');
    const body = items(phone, radio);
    const first = await placeOrder(t.app, body, { request_id, phone: buyer.phone });
    expect(first.statusCode).toBe(201);
    const before = await orderTables(t.db);
    const again = await placeOrder(t.app, body, { request_id, phone: buyer.phone });
    expect(again.statusCode).toBe(201);
    expect(again.json().orders.map((o: { number: string; token: string }) => [o.number, o.token])).toEqual(
      first.json().orders.map((o: { number: string; token: string }) => [o.number, o.token]),
    );
    expect(await orderTables(t.db)).toEqual(before);
    // The returned links work; another buyer (another request id) is still refused the items.
    expect((await get(`/api/v1/orders/${again.json().orders[0].token}`)).json().number).toBe(
      first.json().orders[0].number,
    );
    const other = await placeOrder(t.app, body, { request_id: 'o'.repeat(32) });
    expect(other.statusCode).toBe(409);
    expect(other.json().unavailable).toEqual([phone, radio]);
    // Two copies of one request at once: both answered with the one set of orders.
    const shelf = await product('Retry Shelf');
    const twin = 't'.repeat(16) + Math.random().toString(36).slice(2, 18).padEnd(16, 'y');
    const both = await Promise.all([
      placeOrder(t.app, items(shelf), { request_id: twin, phone: buyer.phone }),
      placeOrder(t.app, items(shelf), { request_id: twin, phone: buyer.phone }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(both[0]!.json().orders[0].number).toBe(both[1]!.json().orders[0].number);
    const bad = await placeOrder(t.app, body, { request_id: 'short' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.request_id).toBe('request_id must be 32 letters, digits, - or _');
  });

  it('refuses a request_id reused with another basket or buyer (422), and returns nothing of the first', async () => {
    const phone = await product('Reused Phone');
    const other = await product('Reused Other');
    const request_id = 'q'.repeat(20) + Math.random().toString(36).slice(2, 14).padEnd(12, 'z');
    const first = await placeOrder(t.app, items(phone), { request_id });
    expect(first.statusCode).toBe(201);
    const before = await orderTables(t.db);
    for (const over of [
      { request_id, items: items(other) },
      { request_id, items: items(phone, other) },
      { request_id, phone: '0999 000 111' },
      { request_id, buyer_name: 'Someone Else' },
    ]) {
      const res = await placeOrder(t.app, over.items ?? items(phone), over);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(REQUEST_REUSED);
      expect(res.body).not.toContain(first.json().orders[0].token);
    }
    expect(await orderTables(t.db)).toEqual(before);
  });

  it('refuses to delete an item an open order holds; after the order ends it can go', async () => {
    const id = await product('Held Speaker');
    const { token } = (await placeOrder(t.app, items(id))).json().orders[0];
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/admin/products/${id}`, headers: staff });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PRODUCT_RESERVED);
    expect(await publicProduct(id)).toMatchObject({ reserved: true });
    // The constraint holds even if a caller skipped the check.
    await expect(t.db.kysely.deleteFrom('products').where('id', '=', id).execute()).rejects.toThrow();
    await t.app.inject({ method: 'POST', url: `/api/v1/orders/${token}/cancel` });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/admin/products/${id}`, headers: staff })).statusCode,
    ).toBe(204);
  });

  describe('nothing half-written', () => {
    // A trigger stands in for the moment another buyer wins: when the second shop's line is written,
    // a hold on its product appears, so this order's own hold on it is refused.
    async function onSecondGroup(productId: number, effect: 'steal' | 'fail') {
      if (engine === 'sqlite') {
        const body =
          effect === 'steal'
            ? "insert into product_holds (product_id, order_id, created_at) values (new.product_id, new.order_id, 'x');"
            : "select raise(abort, 'disk full');";
        await sql
          .raw(
            `create trigger t_${effect} after insert on order_items when new.product_id = ${productId} begin ${body} end`,
          )
          .execute(t.db.kysely);
      } else {
        const body =
          effect === 'steal'
            ? "insert into product_holds (product_id, order_id, created_at) values (new.product_id, new.order_id, 'x');"
            : "raise exception 'disk full';";
        await sql
          .raw(`create function f_${effect}() returns trigger language plpgsql as $$ begin ${body} return new; end $$`)
          .execute(t.db.kysely);
        await sql
          .raw(
            `create trigger t_${effect} after insert on order_items for each row when (new.product_id = ${productId}) execute function f_${effect}()`,
          )
          .execute(t.db.kysely);
      }
      return async () => {
        await sql.raw(`drop trigger t_${effect}${engine === 'postgres' ? ' on order_items' : ''}`).execute(t.db.kysely);
        if (engine === 'postgres') await sql.raw(`drop function f_${effect}()`).execute(t.db.kysely);
      };
    }

    it("rolls back every order of the basket when the second shop's item is taken at the last moment", async () => {
      const first = await product('First Shop Item');
      const second = await product('Second Shop Item', { shopId: blantyre });
      const drop = await onSecondGroup(second, 'steal');
      try {
        const before = await orderTables(t.db);
        const res = await placeOrder(t.app, items(first, second));
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({
          unavailable: [second],
          changed: [],
          message: 'Some items can no longer be ordered: Second Shop Item was just reserved by another buyer.',
        });
        expect(await orderTables(t.db)).toEqual(before);
      } finally {
        await drop();
      }
      expect((await publicProduct(first)).reserved).toBe(false);
      expect((await placeOrder(t.app, items(first, second))).statusCode).toBe(201);
    });

    it('rolls back everything on a database failure half-way, answering a generic 500', async () => {
      const first = await product('Fault First Item');
      const second = await product('Fault Second Item', { shopId: blantyre });
      const drop = await onSecondGroup(second, 'fail');
      try {
        const before = await orderTables(t.db);
        const res = await placeOrder(t.app, items(first, second));
        expect(res.statusCode).toBe(500);
        expect(res.json().message).toBe('Something went wrong on our side. Please try again.');
        expect(res.body).not.toContain('disk full');
        expect(await orderTables(t.db)).toEqual(before);
      } finally {
        await drop();
      }
    });
  });

  it('sends a valid checkout with defaults: collection when fulfilment is left out, email optional', async () => {
    const id = await product('Default Checkout Phone');
    const { fulfilment: _f, email: _e, ...minimal } = buyer;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      payload: { ...minimal, items: items(id) },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().orders[0]).toMatchObject({ fulfilment: 'collect', email: null });
  });
});
