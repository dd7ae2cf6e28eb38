import {
  nextOrderStatus,
  ORDER_STATUSES,
  orderActionAllowed,
  STAFF_ORDER_ACTIONS,
  type Fulfilment,
  type StaffOrderAction,
} from '@marketplace/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testClock, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addProduct, addShop } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { moveStatus } from './repository.js';
import { ORDER_CHANGED_MEANWHILE } from './service.js';
import { countRows, items, placeOrder, staffStep } from './testing.js';

describe.each(engines)('back-office orders [%s]', (engine) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let shopId: number;
  let otherShop: number;
  const clock = testClock(new Date('2026-03-02T09:00:00.000Z'));

  beforeAll(async () => {
    t = await createTestApp(engine, { clock });
    headers = (await signIn(t.app, t.db, 'Moderator')).headers;
    shopId = await addShop(t.db, 'Lilongwe City Centre Shop', { deliveryFee: 5000 });
    otherShop = await addShop(t.db, 'Mzuzu Shop', { town: 'Mzuzu' });
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers });
  const detail = async (id: number) => (await get(`/api/admin/orders/${id}`)).json();
  const payloads: Record<StaffOrderAction, Record<string, unknown> | undefined> = {
    confirm: undefined,
    ready: undefined,
    complete: { payment_method: 'airtel_money', payment_reference: 'AM240302.1234.A56789' },
    cancel: { reason: 'Buyer stopped answering the phone' },
  };
  const act = (id: number, action: StaffOrderAction, payload: object | undefined = payloads[action]) =>
    staffStep(t.app, t.db, headers, { id, step: action, payload });

  /** A new order of fresh products; its id and theirs. */
  async function newOrder(fulfilment: Fulfilment = 'collect', count = 1, shop = shopId) {
    const ids: number[] = [];
    for (let i = 0; i < count; i++)
      ids.push(
        await addProduct(t.db, {
          name: `Order item ${Math.random().toString(36).slice(2, 8)}`,
          price: 150_000,
          shopId: shop,
        }),
      );
    const delivery =
      fulfilment === 'delivery' ? { fulfilment, address: 'Plot 12, Area 47', area: 'Area 47' } : { fulfilment };
    const res = await placeOrder(t.app, items(...ids), delivery);
    if (res.statusCode !== 201) throw new Error(res.body);
    const placed = res.json().orders[0];
    const row = await t.db.kysely
      .selectFrom('orders')
      .select('id')
      .where('number', '=', placed.number)
      .executeTakeFirstOrThrow();
    return { id: row.id, products: ids, token: placed.token as string, number: placed.number as string };
  }
  const isPublic = async (productId: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/products/${productId}` })).statusCode === 200;
  const adminProduct = async (productId: number) => (await get(`/api/admin/products/${productId}`)).json();
  const holdsOf = async (orderId: number) =>
    (await t.db.kysely.selectFrom('product_holds').select('product_id').where('order_id', '=', orderId).execute())
      .length;

  it('takes a collection order from Placed to Completed: items sold, their pages kept saying Sold (decision 0066)', async () => {
    const order = await newOrder('collect', 2);
    clock.advance(10 * 60_000);
    const confirmed = await act(order.id, 'confirm');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ id: order.id, status: 'Confirmed', version: 2 });
    expect((await act(order.id, 'ready')).json().status).toBe('Ready for collection');
    clock.advance(60 * 60_000);
    const done = await act(order.id, 'complete');
    expect(done.statusCode).toBe(200);
    const body = done.json();
    expect(body).toMatchObject({
      status: 'Completed',
      version: 4,
      payment_method: 'airtel_money',
      payment_reference: 'AM240302.1234.A56789',
      total: 300_000,
    });
    expect(body.history.map((h: { action: string }) => h.action)).toEqual(['placed', 'confirm', 'ready', 'complete']);
    expect(body.history.map((h: { to_status: string }) => h.to_status)).toEqual([
      'Placed',
      'Confirmed',
      'Ready for collection',
      'Completed',
    ]);
    expect(
      body.history
        .slice(1)
        .every((h: { by: string; actor: string }) => h.by === 'staff' && h.actor === 'Moderator Tester'),
    ).toBe(true);
    const row = await t.db.kysely
      .selectFrom('orders')
      .select(['completed_at'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row.completed_at).toBe(clock().toISOString());

    expect(await holdsOf(order.id)).toBe(0);
    for (const productId of order.products) {
      expect(await isPublic(productId)).toBe(true);
      expect(await adminProduct(productId)).toMatchObject({ sold: true, published: true, reserved: false });
    }
    const onSale = (await t.app.inject({ method: 'GET', url: '/api/v1/products?limit=100&available=true' }))
      .json()
      .products.map((p: { id: number }) => p.id);
    expect(onSale).not.toContain(order.products[0]);
    const adminIds = (await get('/api/admin/products?limit=100')).json().products.map((p: { id: number }) => p.id);
    expect(adminIds).toEqual(expect.arrayContaining(order.products));

    // The buyer's page says so, and a completed order cannot be cancelled by anyone.
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/orders/${order.token}` })).json().status).toBe(
      'Completed',
    );
    const staffCancel = await act(order.id, 'cancel');
    expect(staffCancel.statusCode).toBe(409);
    expect(staffCancel.json().message).toBe('Cannot cancel: The order is already completed.');
    const buyerCancel = await t.app.inject({ method: 'POST', url: `/api/v1/orders/${order.token}/cancel` });
    expect(buyerCancel.statusCode).toBe(409);
    expect(buyerCancel.json().message).toBe('Cannot cancel: The order is already completed.');

    const audit = (
      await t.db.kysely
        .selectFrom('audit_log')
        .select(['action', 'actor_id'])
        .where('subject_type', '=', 'order')
        .where('subject_id', '=', String(order.id))
        .orderBy('id')
        .execute()
    ).map((a) => a.action);
    expect(audit).toEqual([
      `Order ${order.number} placed: 2 items, MWK 300,000`,
      `Order ${order.number} confirmed with the buyer`,
      `Order ${order.number}: ready for collection`,
      `Order ${order.number} completed: MWK 300,000 by Airtel Money`,
    ]);
  });

  it('sends a delivery order out for delivery, then completes it with the flat fee in the total', async () => {
    const order = await newOrder('delivery');
    await act(order.id, 'confirm');
    const out = await act(order.id, 'ready');
    expect(out.json()).toMatchObject({
      status: 'Out for delivery',
      fulfilment: 'delivery',
      delivery_fee: 5000,
      total: 155_000,
    });
    const done = await act(order.id, 'complete', { payment_method: 'cash' });
    expect(done.json()).toMatchObject({ status: 'Completed', payment_method: 'cash', payment_reference: null });
    expect(await adminProduct(order.products[0]!)).toMatchObject({ sold: true, published: true });
  });

  it('cancels with a reason: the items are on sale again', async () => {
    const order = await newOrder('collect', 2);
    await act(order.id, 'confirm');
    const noReason = await act(order.id, 'cancel', { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors.reason).toBe('Reason is required');
    const cancelled = await act(order.id, 'cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().history.at(-1)).toMatchObject({
      action: 'cancel',
      from_status: 'Confirmed',
      to_status: 'Cancelled',
      reason: 'Buyer stopped answering the phone',
      by: 'staff',
    });
    expect(await holdsOf(order.id)).toBe(0);
    for (const productId of order.products) {
      expect(await isPublic(productId)).toBe(true);
      expect(await adminProduct(productId)).toMatchObject({ sold: false, published: true, reserved: false });
    }
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('subject_id', '=', String(order.id))
      .where('subject_type', '=', 'order')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({
      action: `Order ${order.number} cancelled by staff`,
      detail: 'Buyer stopped answering the phone',
    });
    expect((await placeOrder(t.app, items(...order.products))).statusCode).toBe(201);
  });

  it('validates the payment and answers an unknown order with 404', async () => {
    const order = await newOrder();
    await act(order.id, 'confirm');
    await act(order.id, 'ready');
    for (const payload of [{}, { payment_method: 'bitcoin' }] as Record<string, string>[]) {
      const res = await act(order.id, 'complete', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.payment_method).toBe('Choose how the buyer paid');
    }
    const long = await act(order.id, 'complete', { payment_method: 'bank', payment_reference: 'x'.repeat(101) });
    expect(long.json().errors.payment_reference).toBe('Must be at most 100 characters');
    expect((await detail(order.id)).status).toBe('Ready for collection');
    for (const res of [await get('/api/admin/orders/987654'), await act(987654, 'confirm')]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Order not found');
    }
    expect((await get('/api/admin/orders/abc')).json().errors.id).toBe('id must be a number');
  });

  describe('the flow decides', () => {
    const cases = ORDER_STATUSES.flatMap((status) =>
      (['collect', 'delivery'] as const)
        // A collection order is never out for delivery, a delivery order never ready for collection.
        .filter(
          (f) =>
            !(status === 'Out for delivery' && f === 'collect') &&
            !(status === 'Ready for collection' && f === 'delivery'),
        )
        .flatMap((fulfilment) =>
          STAFF_ORDER_ACTIONS.map((action) => ({
            status,
            fulfilment,
            action,
            allowed: orderActionAllowed({ status, fulfilment }, action),
          })),
        ),
    );

    it.each(cases)(
      '$action from $status ($fulfilment): allowed=$allowed',
      async ({ status, fulfilment, action, allowed }) => {
        const order = await newOrder(fulfilment);
        await t.db.kysely.updateTable('orders').set({ status }).where('id', '=', order.id).execute();
        const res = await act(order.id, action);
        const after = await detail(order.id);
        if (allowed) {
          expect(res.statusCode).toBe(200);
          expect(after.status).toBe(nextOrderStatus({ status, fulfilment }, action));
          expect(after.history.at(-1)).toMatchObject({
            action,
            from_status: status,
            to_status: after.status,
            by: 'staff',
            actor: 'Moderator Tester',
          });
        } else {
          expect(res.statusCode).toBe(409);
          expect(res.json().message).toMatch(/^Cannot .+: .+\.$/);
          expect(after.status).toBe(status);
          expect(after.version).toBe(1);
          expect(after.history).toHaveLength(1);
        }
      },
    );

    it('says why in words', async () => {
      const order = await newOrder();
      expect((await act(order.id, 'ready')).json().message).toBe(
        'Cannot mark the order ready: Confirm the order with the buyer first.',
      );
      expect((await act(order.id, 'complete')).json().message).toBe(
        'Cannot complete: Mark the order ready for collection first.',
      );
      await act(order.id, 'confirm');
      expect((await act(order.id, 'confirm')).json().message).toBe('Cannot confirm: The order is already confirmed.');
    });
  });

  it('lets exactly one of two staff acting at once win, with one history entry', async () => {
    for (let round = 0; round < 5; round++) {
      const order = await newOrder();
      const results = await Promise.all([act(order.id, 'confirm'), act(order.id, 'confirm')]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const loser = results.find((r) => r.statusCode === 409)!.json().message;
      expect([ORDER_CHANGED_MEANWHILE, 'Cannot confirm: The order is already confirmed.']).toContain(loser);
      const cancels = await Promise.all([act(order.id, 'cancel'), act(order.id, 'cancel')]);
      expect(cancels.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect([ORDER_CHANGED_MEANWHILE, 'Cannot cancel: The order is cancelled.']).toContain(
        cancels.find((r) => r.statusCode === 409)!.json().message,
      );
      const after = await detail(order.id);
      expect(after.history).toHaveLength(3);
      expect(after.version).toBe(3);
    }
  });

  it('refuses a move when the order changed since it was read (version check)', async () => {
    const order = await newOrder();
    // A writer holding version 1 after another already moved the order on: its move must not go through.
    expect(
      await moveStatus(t.db.kysely, { id: order.id, version: 1, status: 'Confirmed', now: clock().toISOString() }),
    ).toBe(true);
    expect(
      await moveStatus(t.db.kysely, { id: order.id, version: 1, status: 'Cancelled', now: clock().toISOString() }),
    ).toBe(false);
    expect((await detail(order.id)).status).toBe('Confirmed');
  });

  it('refuses a step taken on a stale screen: the version the client saw must still be current', async () => {
    const order = await newOrder();
    expect((await act(order.id, 'confirm', { version: 1 })).statusCode).toBe(200);
    // A second member of staff still looking at version 1 tries to cancel: refused, nothing changes.
    const stale = await act(order.id, 'cancel', { reason: 'Buyer called', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(ORDER_CHANGED_MEANWHILE);
    expect((await detail(order.id)).status).toBe('Confirmed');
    expect((await act(order.id, 'cancel', { reason: 'Buyer called', version: 2 })).statusCode).toBe(200);
    const bad = await act(order.id, 'ready', { version: 'two' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.version).toBe('version must be a number');
  });

  it('lists orders newest first, filtered by status and shop, with the totals for paging', async () => {
    clock.advance(24 * 3_600_000);
    const a = await newOrder('collect', 2, otherShop);
    clock.advance(60_000);
    const b = await newOrder('delivery', 1, otherShop);
    await act(b.id, 'confirm');
    const all = (await get('/api/admin/orders?limit=2&offset=0')).json();
    expect(all).toMatchObject({ limit: 2, offset: 0, total: await countRows(t.db, 'orders') });
    expect(all.orders.map((o: { id: number }) => o.id)).toEqual([b.id, a.id]);
    expect(all.orders[1]).toEqual({
      id: a.id,
      number: a.number,
      status: 'Placed',
      fulfilment: 'collect',
      buyer_name: 'Chikondi Banda',
      phone: expect.stringMatching(/^\+2659\d{8}$/),
      shop: { id: otherShop, name: 'Mzuzu Shop' },
      item_count: 2,
      total: 300_000,
      created_at: expect.any(String),
      expires_at: expect.any(String),
    });
    const byShop = (await get(`/api/admin/orders?shop_id=${otherShop}`)).json();
    expect(byShop.orders.map((o: { id: number }) => o.id)).toEqual([b.id, a.id]);
    expect(byShop.total).toBe(2);
    const confirmed = (await get(`/api/admin/orders?status=Confirmed&shop_id=${otherShop}`)).json();
    expect(confirmed).toMatchObject({ total: 1, orders: [{ id: b.id, status: 'Confirmed' }] });
    const spaced = (
      await get(`/api/admin/orders?status=${encodeURIComponent('Ready for collection')}&shop_id=`)
    ).json();
    expect(spaced.orders.every((o: { status: string }) => o.status === 'Ready for collection')).toBe(true);
    const badStatus = await get('/api/admin/orders?status=Lost');
    expect(badStatus.statusCode).toBe(400);
    expect(Object.keys(badStatus.json().errors)).toEqual(['status']);
    expect((await get('/api/admin/orders?shop_id=abc')).json().errors.shop_id).toBe('shop_id must be a number');
    expect((await get('/api/admin/orders?limit=0')).json().errors.limit).toBe('limit must be at least 1');
  });
});
