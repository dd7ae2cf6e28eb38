import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testClock, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addProduct, addShop } from '../../test/fixtures.js';
import { expireDueOrders } from './service.js';
import { TOO_MANY_HELD_BY_PHONE, TOO_MANY_HELD_FROM_NETWORK } from './limits.js';
import { items, nextIp, nextPhone, placeOrder } from './testing.js';

const HOUR = 3_600_000;
const T0 = new Date('2026-05-04T09:00:00.000Z');

// Caps on what open orders hold: 5 items per phone, 10 per client address (IPv6 by its /64).
describe.each(engines)('reservations nobody can hoard [%s]', (engine) => {
  let t: TestApp;
  let shopId: number;
  const clock = testClock(T0);

  beforeAll(async () => {
    t = await createTestApp(engine, { clock });
    shopId = await addShop(t.db);
  });
  afterAll(() => t.close());

  const products = (n: number) =>
    Promise.all(
      Array.from({ length: n }, () =>
        addProduct(t.db, { name: `Hoardable ${Math.random().toString(36).slice(2, 8)}`, shopId, images: 0 }),
      ),
    );
  const cancel = (token: string) => t.app.inject({ method: 'POST', url: `/api/v1/orders/${token}/cancel` });

  it('refuses a 6th held item to one phone, whatever address it comes from, and frees the place when an order ends', async () => {
    clock.set(T0);
    const phone = nextPhone();
    const ids = await products(7);
    const answers = [];
    for (const id of ids.slice(0, 6)) answers.push(await placeOrder(t.app, items(id), { phone }, nextIp()));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201, 429]);
    expect(answers[5]!.json()).toMatchObject({
      message: TOO_MANY_HELD_BY_PHONE,
      code: 'held_items_phone',
      limit: 5,
    });
    // The same phone written another way is the same phone.
    const spelled = `+265 ${phone.slice(1, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`;
    expect((await placeOrder(t.app, items(ids[6]!), { phone: spelled })).statusCode).toBe(429);
    // The refused item is still on sale to anyone else.
    expect((await placeOrder(t.app, items(ids[5]!))).statusCode).toBe(201);
    // Cancelling one order gives its place back.
    expect((await cancel(answers[0]!.json().orders[0].token)).statusCode).toBe(200);
    expect((await placeOrder(t.app, items(ids[6]!), { phone })).statusCode).toBe(201);
  });

  it('refuses one basket larger than the phone may hold', async () => {
    const ids = await products(6);
    const res = await placeOrder(t.app, items(...ids));
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('held_items_phone');
  });

  it('refuses the 11th item from one address, whatever the phones, and counts an IPv6 /64 as one address', async () => {
    for (const [first, next] of [
      ['10.77.0.1', () => '10.77.0.1'],
      ['2001:db8:77:1::1', () => `2001:db8:77:1:${Math.floor(Math.random() * 65535).toString(16)}::9`],
    ] as const) {
      const ids = await products(11);
      const answers = [await placeOrder(t.app, items(...ids.slice(0, 4)), {}, first)];
      for (const id of ids.slice(4)) answers.push(await placeOrder(t.app, items(id), {}, next()));
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201, 201, 201, 429]);
      expect(answers.at(-1)!.json()).toMatchObject({
        message: TOO_MANY_HELD_FROM_NETWORK,
        code: 'held_items_address',
        limit: 10,
      });
    }
  });

  // Requests racing each other: each counts under a lock on its phone and its address, so no two pass on one count.
  it('holds the caps when the requests come all at once', async () => {
    const phone = nextPhone();
    const byPhone = await products(8);
    const phoneRace = await Promise.all(byPhone.map((id) => placeOrder(t.app, items(id), { phone }, nextIp())));
    expect(phoneRace.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(phoneRace.filter((r) => r.statusCode === 429)).toHaveLength(3);

    const byAddress = await products(14);
    const addressRace = await Promise.all(byAddress.map((id) => placeOrder(t.app, items(id), {}, '10.78.0.1')));
    expect(addressRace.filter((r) => r.statusCode === 201)).toHaveLength(10);
    expect(addressRace.filter((r) => r.statusCode === 429)).toHaveLength(4);
  });

  // A checkout sent twice at once (a retry on a slow connection): the copy that comes second sees the first's
  // items held by its own phone, one short of the cap; it must answer with the first's orders, not a 429.
  it('answers both copies of one request sent at once with the same orders when the phone nears its cap', async () => {
    const phone = nextPhone();
    const ids = await products(5);
    for (const id of ids.slice(0, 4)) expect((await placeOrder(t.app, items(id), { phone })).statusCode).toBe(201);
    const request_id = `twin${Math.random().toString(36).slice(2)}`.padEnd(32, 'x').slice(0, 32);
    const both = await Promise.all([
      placeOrder(t.app, items(ids[4]!), { phone, request_id }),
      placeOrder(t.app, items(ids[4]!), { phone, request_id }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(both[0]!.json().orders[0].number).toBe(both[1]!.json().orders[0].number);
  });

  it('does not let a phone reserve again, for 24 hours, an item its reservation let expire', async () => {
    clock.set(T0);
    const phone = nextPhone();
    const [id, other] = await products(2);
    expect((await placeOrder(t.app, items(id!), { phone })).statusCode).toBe(201);
    const expiredAt = new Date(T0.getTime() + 12 * HOUR);
    expect(await expireDueOrders(t.db, expiredAt)).toBeGreaterThanOrEqual(1);

    clock.set(new Date(expiredAt.getTime() + HOUR));
    const again = await placeOrder(t.app, items(id!, other!), { phone });
    expect(again.statusCode).toBe(409);
    expect(again.json().unavailable).toEqual([id]);
    expect(again.json().message).toContain(
      'was reserved with this phone number and not collected; it can be reserved again 24 hours after that reservation ended.',
    );
    clock.set(new Date(expiredAt.getTime() + 24 * HOUR + 1));
    expect((await placeOrder(t.app, items(id!), { phone })).statusCode).toBe(201);
  });
});

describe.each(engines)('the reservation alarm on the dashboard [%s]', (engine) => {
  let t: TestApp;
  const clock = testClock(T0);

  beforeAll(async () => {
    t = await createTestApp(engine, { clock, reservationAlarmPerHour: 2 });
  });
  afterAll(() => t.close());

  it('raises when more items were reserved in the last hour than RESERVATION_ALARM_PER_HOUR', async () => {
    const { signIn } = await import('../../test/users.js');
    const staff = (await signIn(t.app, t.db, 'Moderator')).headers;
    const dashboard = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: staff })).json().reservations;
    const shopId = await addShop(t.db);
    const id = () => addProduct(t.db, { name: `Alarm ${Math.random()}`, shopId, images: 0 });
    clock.set(T0);
    expect((await placeOrder(t.app, items(await id(), await id()))).statusCode).toBe(201);
    expect(await dashboard()).toEqual({ last_hour: 2, alarm_per_hour: 2, alarm: false });
    expect((await placeOrder(t.app, items(await id()))).statusCode).toBe(201);
    expect(await dashboard()).toEqual({ last_hour: 3, alarm_per_hour: 2, alarm: true });
    clock.set(new Date(T0.getTime() + HOUR + 1));
    expect(await dashboard()).toEqual({ last_hour: 0, alarm_per_hour: 2, alarm: false });
  });
});
