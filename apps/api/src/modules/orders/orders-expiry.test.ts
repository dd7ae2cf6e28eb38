import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase, type Db } from '../../db/database.js';
import { buildTestApp, createTestApp, testClock, type TestApp } from '../../test/app.js';
import { createTestDb, engines, type TestDb } from '../../test/databases.js';
import { addProduct, addShop } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { expireDueOrders } from './service.js';
import { items, placeOrder } from './testing.js';

const HOUR = 3_600_000;
const T0 = new Date('2026-03-02T09:00:00.000Z');

/** How long a jobs-timer test waits for the sweep to have run, and how often it looks. */
const SWEPT = { timeout: 5000, interval: 20 };

describe.each(engines)('reservation expiry [%s]', (engine) => {
  let t: TestApp;
  let staff: Record<string, string>;
  let shopId: number;
  const clock = testClock(T0);

  // Each test on a database of its own: a sweep expires every due order there is and answers how many.
  beforeEach(async () => {
    t = await createTestApp(engine, { clock });
    staff = (await signIn(t.app, t.db, 'Admin')).headers;
    shopId = await addShop(t.db);
  });
  afterEach(() => t.close());

  async function newOrder(app: FastifyInstance = t.app, fulfilment: 'collect' | 'delivery' = 'collect') {
    const productId = await addProduct(t.db, {
      name: `Reserved ${Math.random().toString(36).slice(2, 8)}`,
      shopId,
      images: 0,
    });
    const over = fulfilment === 'delivery' ? { fulfilment, address: 'Plot 3', area: 'Area 3' } : {};
    const placed = (await placeOrder(app, items(productId), over)).json().orders[0];
    const { id } = await t.db.kysely
      .selectFrom('orders')
      .select('id')
      .where('number', '=', placed.number)
      .executeTakeFirstOrThrow();
    return { id, productId, token: placed.token as string, number: placed.number as string, placedAt: clock() };
  }
  const status = async (id: number) =>
    (await t.db.kysely.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const reserved = async (productId: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/products/${productId}` })).json().reserved;
  const act = (id: number, action: string) =>
    t.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/${action}`, headers: staff });

  // Without an SMS transport phones are not proved: a reservation holds UNPROVED_HOLD_HOURS (12), not 48.
  it('expires an unproved reservation 12 hours after it was placed, not before: Expired by the system, items on sale again', async () => {
    clock.set(T0);
    const order = await newOrder();
    expect(await reserved(order.productId)).toBe(true);
    expect(await expireDueOrders(t.db, new Date(T0.getTime() + 12 * HOUR - 1))).toBe(0);
    expect(await status(order.id)).toBe('Placed');

    const at = new Date(T0.getTime() + 12 * HOUR);
    expect(await expireDueOrders(t.db, at)).toBe(1);
    expect(await status(order.id)).toBe('Expired');
    expect(await reserved(order.productId)).toBe(false);
    const page = (await t.app.inject({ method: 'GET', url: `/api/v1/orders/${order.token}` })).json();
    expect(page.history.at(-1)).toEqual({
      id: expect.any(Number),
      action: 'expire',
      from_status: 'Placed',
      to_status: 'Expired',
      reason: null,
      actor: null,
      by: 'system',
      created_at: at.toISOString(),
    });
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('subject_type', '=', 'order')
      .where('subject_id', '=', String(order.id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ action: `Order ${order.number} expired: not collected in time`, actor_id: null });
    expect(await expireDueOrders(t.db, new Date(at.getTime() + HOUR))).toBe(0);

    // Nobody can act on it any more.
    expect((await act(order.id, 'confirm')).json().message).toBe('Cannot confirm: The reservation has expired.');
    const cancel = await t.app.inject({ method: 'POST', url: `/api/v1/orders/${order.token}/cancel` });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe('Cannot cancel: The reservation has expired.');
  });

  it('expires confirmed and ready orders too, but never one out for delivery', async () => {
    clock.set(T0);
    const confirmed = await newOrder();
    await act(confirmed.id, 'confirm');
    const ready = await newOrder();
    await act(ready.id, 'confirm');
    await act(ready.id, 'ready');
    const delivering = await newOrder(t.app, 'delivery');
    await act(delivering.id, 'confirm');
    await act(delivering.id, 'ready');
    const done = await newOrder();
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${done.id}/cancel`,
      headers: staff,
      payload: { reason: 'Duplicate' },
    });

    expect(await expireDueOrders(t.db, new Date(T0.getTime() + 30 * 24 * HOUR))).toBe(2);
    expect([
      await status(confirmed.id),
      await status(ready.id),
      await status(delivering.id),
      await status(done.id),
    ]).toEqual(['Expired', 'Expired', 'Out for delivery', 'Cancelled']);
    expect(await reserved(delivering.productId)).toBe(true);
    const events = await t.db.kysely
      .selectFrom('order_events')
      .select('order_id')
      .where('action', '=', 'expire')
      .where('order_id', 'in', [delivering.id, done.id])
      .execute();
    expect(events).toEqual([]);
  });

  it('uses UNPROVED_HOLD_HOURS for the expiry time where phones are not proved', async () => {
    const short = await buildTestApp(t.db, { clock, unprovedHoldHours: 2 });
    try {
      clock.set(T0);
      const order = await newOrder(short);
      const row = await t.db.kysely
        .selectFrom('orders')
        .select('expires_at')
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(row.expires_at).toBe(new Date(T0.getTime() + 2 * HOUR).toISOString());
      expect(await expireDueOrders(t.db, new Date(T0.getTime() + 2 * HOUR - 1))).toBe(0);
      expect(await expireDueOrders(t.db, new Date(T0.getTime() + 2 * HOUR))).toBe(1);
      expect(await status(order.id)).toBe('Expired');
    } finally {
      await short.close();
    }
  });

  it('expires each order once when sweeps overlap in one process', async () => {
    clock.set(T0);
    const orders = [];
    for (let i = 0; i < 20; i++) orders.push(await newOrder());
    const later = new Date(T0.getTime() + 49 * HOUR);
    const counts = await Promise.all([
      expireDueOrders(t.db, later),
      expireDueOrders(t.db, later),
      expireDueOrders(t.db, later),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(20);
    const ids = orders.map((o) => o.id);
    const events = await t.db.kysely
      .selectFrom('order_events')
      .select('order_id')
      .where('action', '=', 'expire')
      .where('order_id', 'in', ids)
      .execute();
    expect(events.map((e) => e.order_id).sort((a, b) => a - b)).toEqual(ids);
  });

  it('runs the sweep on a timer when jobs are on, and stops it when the app closes', async () => {
    const sweeping = await buildTestApp(t.db, { clock, jobs: true, orderSweepSeconds: 0.02 });
    clock.set(T0);
    const order = await newOrder();
    clock.set(new Date(T0.getTime() + 48 * HOUR));
    await vi.waitFor(async () => expect(await status(order.id)).toBe('Expired'), SWEPT);
    await sweeping.close();

    clock.set(T0);
    const after = await newOrder();
    clock.set(new Date(T0.getTime() + 48 * HOUR));
    await new Promise((r) => setTimeout(r, 150));
    expect(await status(after.id)).toBe('Placed');
    await expireDueOrders(t.db, clock());
  });
});

describe('the expiry timer when a sweep fails', () => {
  it('logs the error and keeps the server up', async () => {
    // No migrations: every sweep fails with "no such table".
    const db: Db = openDatabase({ sqliteFile: ':memory:' });
    const app = await buildApp({
      config: { env: 'test', logLevel: 'silent', webDist: undefined, trustProxy: false, orderSweepSeconds: 0.02 },
      db,
      logger: false,
      jobs: true,
    });
    const logged = vi.spyOn(app.log, 'error');
    await app.ready();
    // Each sweep fails on its own (other background work may log its own failures meanwhile).
    const messages = () => logged.mock.calls.map((call) => call[1]);
    await vi.waitFor(
      () => expect(messages().filter((m) => m === 'order expiry sweep failed').length).toBeGreaterThanOrEqual(2),
      SWEPT,
    );
    expect(messages()).toContain('offer expiry sweep failed');
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await app.close();
    await db.close();
  });
});

// Two API processes on one PostgreSQL database, each with its own connection pool, sweeping at once.
describe.skipIf(!engines.includes('postgres'))('reservation expiry across processes [postgres]', () => {
  let t: TestDb;
  let apps: FastifyInstance[];
  let other: Db;

  beforeAll(async () => {
    t = await createTestDb('postgres');
    other = t.connectAgain();
    apps = [await buildTestApp(t.db), await buildTestApp(other)];
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await t.dispose();
  });

  it('expires every due order exactly once: one event and one audit entry each', async () => {
    const shopId = await addShop(t.db);
    for (let round = 0; round < 3; round++) {
      const ids: number[] = [];
      for (let i = 0; i < 20; i++) {
        const productId = await addProduct(t.db, { name: `Due ${round}-${i}`, shopId, images: 0 });
        const res = await placeOrder(apps[i % 2]!, items(productId));
        expect(res.statusCode).toBe(201);
        const { id } = await t.db.kysely
          .selectFrom('orders')
          .select('id')
          .where('number', '=', res.json().orders[0].number)
          .executeTakeFirstOrThrow();
        ids.push(id);
      }
      const later = new Date(Date.now() + 49 * HOUR);
      const counts = await Promise.all([
        expireDueOrders(t.db, later),
        expireDueOrders(other, later),
        expireDueOrders(t.db, later),
        expireDueOrders(other, later),
      ]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(20);
      const events = await t.db.kysely
        .selectFrom('order_events')
        .select('order_id')
        .where('action', '=', 'expire')
        .where('order_id', 'in', ids)
        .execute();
      expect(events.map((e) => e.order_id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
      const audits = await t.db.kysely
        .selectFrom('audit_log')
        .select('subject_id')
        .where('subject_type', '=', 'order')
        .where('action', 'like', '%expired%')
        .where('subject_id', 'in', ids.map(String))
        .execute();
      expect(audits).toHaveLength(20);
      const statuses = await t.db.kysely.selectFrom('orders').select('status').where('id', 'in', ids).execute();
      expect(statuses.every((s) => s.status === 'Expired')).toBe(true);
      expect(
        Number(
          (
            await t.db.kysely
              .selectFrom('product_holds')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ).toBe(0);
    }
  });
});
