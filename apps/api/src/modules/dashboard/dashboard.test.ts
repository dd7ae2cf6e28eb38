import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testClock, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addProduct, addShop } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { expireDueOrders } from '../orders/service.js';
import { items, placeOrder } from '../orders/testing.js';
import { lastSevenDays } from './routes.js';
import { recordMovement } from '../ledger/repository/entries.js';
import { staffStep } from '../orders/testing.js';

const DAY = 86_400_000;
const NOW = new Date('2026-03-10T12:00:00.000Z');
const ago = (days: number, hours = 0) => new Date(NOW.getTime() - days * DAY - hours * 3_600_000);

describe.each(engines)('dashboard with real orders [%s]', (engine) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let shopId: number;
  const clock = testClock(NOW);

  beforeAll(async () => {
    t = await createTestApp(engine, { clock });
    headers = (await signIn(t.app, t.db, 'Moderator')).headers;
    shopId = await addShop(t.db);
  });
  afterAll(() => t.close());

  async function orderAt(at: Date, price: number) {
    clock.set(at);
    const productId = await addProduct(t.db, { name: `Dashboard item ${price}`, price, shopId, images: 0 });
    const number = (await placeOrder(t.app, items(productId))).json().orders[0].number;
    return (await t.db.kysely.selectFrom('orders').select('id').where('number', '=', number).executeTakeFirstOrThrow())
      .id;
  }
  async function act(id: number, at: Date, action: string, payload?: object) {
    clock.set(at);
    const res = await staffStep(t.app, t.db, headers, { id, step: action, payload });
    if (res.statusCode !== 200) throw new Error(res.body);
  }
  async function complete(id: number, at: Date) {
    await act(id, at, 'confirm');
    await act(id, at, 'ready');
    await act(id, at, 'complete', { payment_method: 'cash' });
  }

  it("counts all orders, open ones, orders per day and this week's completed revenue", async () => {
    const days = lastSevenDays(NOW);
    // Completed before the week: counted as an order, not as this week's revenue.
    await complete(await orderAt(ago(9), 100_000), ago(8));
    // Completed at the first moment of the week: in.
    await complete(await orderAt(ago(6, 12), 200_000), new Date(`${days[0]}T00:00:00.000Z`));
    await complete(await orderAt(ago(6, -1), 400_000), ago(1));
    const cancelled = await orderAt(ago(1), 800_000);
    await act(cancelled, ago(1), 'cancel', { reason: 'Changed mind' });
    const confirmed = await orderAt(ago(1, 2), 1_600_000);
    await act(confirmed, ago(1), 'confirm');
    await orderAt(ago(0, 1), 3_200_000);
    await orderAt(ago(6, -2), 6_400_000);
    await expireDueOrders(t.db, ago(3));

    clock.set(NOW);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.stats).toMatchObject({ orders: 7, pendingOrders: 2, revenueThisWeek: 600_000 });
    expect(body.orders_by_day).toEqual([
      { date: days[0], orders: 3 },
      { date: days[1], orders: 0 },
      { date: days[2], orders: 0 },
      { date: days[3], orders: 0 },
      { date: days[4], orders: 0 },
      { date: days[5], orders: 2 },
      { date: days[6], orders: 1 },
    ]);
    expect(days[6]).toBe('2026-03-10');
    // Order actions are recent actions, at the time the orders' clock said, newest first.
    expect(body.recent_actions[0]).toMatchObject({ time: ago(0, 1).toISOString(), actor: null });
    expect(body.recent_actions[0].action).toMatch(/^Order MW-[A-Z0-9]{5} placed: 1 item, MWK 3,200,000$/);
    const actions = body.recent_actions.map((a: { action: string }) => a.action);
    const expired = actions.findIndex((a: string) => / expired: not collected in time$/.test(a));
    const confirmedAt = actions.findIndex((a: string) => / confirmed with the buyer$/.test(a));
    expect(confirmedAt).toBeGreaterThan(0);
    expect(expired).toBeGreaterThan(confirmedAt);
    expect(body.recent_actions[confirmedAt].actor).toBe('Moderator Tester');
  });
});

describe.each(engines)('dashboard revenue [%s]', (engine) => {
  let t: TestApp;
  afterAll(() => t.close());

  it("takes this week's revenue from the ledger: a refund recorded there lowers it", async () => {
    t = await createTestApp(engine, { clock: testClock(NOW) });
    const headers = (await signIn(t.app, t.db, 'Moderator')).headers;
    const revenue = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers })).json().stats.revenueThisWeek;
    await recordMovement(t.db.kysely, { kind: 'sale', direction: 'in', method: 'cash', amount: 300_000 }, ago(2));
    expect(await revenue()).toBe(300_000);
    await recordMovement(
      t.db.kysely,
      { kind: 'refund', direction: 'out', method: 'airtel_money', amount: 50_000 },
      ago(0, 1),
    );
    expect(await revenue()).toBe(250_000);
  });
});

describe.each(engines)('dashboard margin [%s]', (engine) => {
  let t: TestApp;
  afterAll(() => t.close());

  it("is this week's net taken in (sales and payments, less refunds and fees) less what sellers were paid", async () => {
    t = await createTestApp(engine, { clock: testClock(NOW) });
    const headers = (await signIn(t.app, t.db, 'Moderator')).headers;
    const stats = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers })).json().stats;
    const record = (movement: Parameters<typeof recordMovement>[1], at: Date) =>
      recordMovement(t.db.kysely, movement, at);
    await record({ kind: 'sale', direction: 'in', method: 'cash', amount: 400_000 }, ago(3));
    await record({ kind: 'payment', direction: 'in', method: 'airtel_money', amount: 150_000 }, ago(2));
    await record({ kind: 'refund', direction: 'out', method: 'airtel_money', amount: 50_000 }, ago(1));
    await record({ kind: 'fee', direction: 'out', method: 'airtel_money', amount: 3_000 }, ago(1));
    await record({ kind: 'seller_payout', direction: 'out', method: 'airtel_money', amount: 280_000 }, ago(0, 2));
    // Before the week: neither figure counts it.
    await record({ kind: 'seller_payout', direction: 'out', method: 'cash', amount: 90_000 }, ago(8));
    // A correction says which figure it corrects only in words: left out of both.
    await record({ kind: 'correction', direction: 'in', method: 'cash', amount: 7_000 }, ago(1));
    expect(await stats()).toMatchObject({ revenueThisWeek: 500_000, marginThisWeek: 500_000 - 3_000 - 280_000 });
  });
});
