import { PAYMENT_UNCONFIRMED } from '@marketplace/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { engines } from '../../test/databases.js';
import { addProduct, addShop } from '../../test/fixtures.js';
import { expireDueOrders } from '../orders/service.js';
import { items, placeOrder } from '../orders/testing.js';
import { paymentsApp } from './testing-app.js';
import { UNCONFIRMED_REASON } from './unconfirmed.js';

const HOLD_MS = 15 * 60_000;

describe.each(engines)('a charge the gateway never confirms or denies [%s]', (engine) => {
  let t: Awaited<ReturnType<typeof paymentsApp>>;
  let shopId: number;

  beforeAll(async () => {
    t = await paymentsApp(engine);
    shopId = await addShop(t.db, 'Mzuzu Unconfirmed Shop');
  });
  afterAll(() => t.close());
  beforeEach(() => {
    t.fake.state.mode = 'pending';
  });

  let n = 0;
  async function payNow(price: number) {
    const id = await addProduct(t.db, { name: `Unconfirmed item ${++n}`, price, shopId, images: 0 });
    const res = await placeOrder(t.app, items(id), { payment: 'airtel_money' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().orders[0] as { token: string; number: string };
  }
  const read = async (token: string) => (await t.app.inject({ url: `/api/v1/orders/${token}` })).json();
  const charges = async (number: string) =>
    (
      await t.db.kysely
        .selectFrom('money_transfers as m')
        .innerJoin('orders as o', 'o.id', 'm.order_id')
        .select(['m.transfer_id', 'm.status', 'm.kind'])
        .where('o.number', '=', number)
        .orderBy('m.id')
        .execute()
    ).filter((c) => c.kind === 'charge');
  const ledger = async (number: string) =>
    (
      await t.db.kysely
        .selectFrom('ledger_entries')
        .select(['kind', 'direction', 'amount'])
        .where('subject_number', '=', number)
        .orderBy('id')
        .execute()
    ).map((e) => `${e.kind} ${e.direction} ${e.amount}`);
  const pay = (token: string, payment: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1/orders/${token}/pay`, payload: { payment } });

  it('a verify answering 503 for ever: let go after the hold, the buyer pays again, and the late success is refunded', async () => {
    const order = await payNow(210_000);
    // The phone proved: unpaid at the hold's end it becomes a reservation held 48 hours, so a new attempt is too.
    await t.db.kysely.updateTable('orders').set({ phone_proved: 1 }).where('number', '=', order.number).execute();
    t.clock.advance(HOLD_MS + 1);
    await expireDueOrders(t.db, t.clock(), { fallbackHours: 48 });
    expect((await read(order.token)).payment.status).toBe('not_required');

    const again = await pay(order.token, 'airtel_money');
    expect(again.statusCode, again.body).toBe(200);
    const stuck = (await charges(order.number))[1]!.transfer_id;
    t.fake.answerVerify(stuck, { status: 503 });
    await t.poll();
    // Within the hold: still waiting for the PIN, and a second prompt is refused.
    expect((await read(order.token)).payment).toMatchObject({ status: 'pending', message: null });
    expect((await pay(order.token, 'airtel_money')).statusCode).toBe(409);

    // The hold ends: the poller asks then (not at its slower rhythm) and lets the buyer go.
    t.clock.advance(HOLD_MS - 31_000);
    await t.poll(0);
    const lapsed = await read(order.token);
    expect(lapsed).toMatchObject({ status: 'Placed', payment: { status: 'failed', message: PAYMENT_UNCONFIRMED } });
    expect(lapsed.history.at(-1)).toMatchObject({ action: 'payment_lapsed', by: 'system', reason: UNCONFIRMED_REASON });
    expect((await charges(order.number))[1]!.status).toBe('pending');

    // The buyer tries again (the third and last attempt) and pays.
    t.fake.state.mode = 'success';
    const third = await pay(order.token, 'airtel_money');
    expect(third.statusCode, third.body).toBe(200);
    await t.poll();
    expect((await read(order.token)).payment.status).toBe('paid');

    // The stuck charge still is checked: its late success is refunded by itself, and the order stays paid.
    t.fake.answerVerify(stuck, undefined);
    t.fake.settle(stuck, 'success');
    await t.poll(300_000);
    await t.poll();
    expect((await read(order.token)).payment.status).toBe('paid');
    expect(await ledger(order.number)).toEqual([
      'payment in 210000',
      'fee out 6300',
      'payment in 210000',
      'fee out 6300',
      'refund out 210000',
      // The refund's own fee, read back inside its amount (decision 0079).
      'fee out 3150',
    ]);
  });

  it('an undocumented status word never pays: let go after the hold, then a late success on the cancelled order is refunded', async () => {
    const order = await payNow(80_000);
    const [charge] = await charges(order.number);
    t.fake.answerVerify(charge!.transfer_id, { word: 'processing' });
    await t.poll();
    expect((await read(order.token)).payment.status).toBe('pending');
    t.clock.advance(HOLD_MS);
    await t.poll(0);
    expect((await read(order.token)).payment).toMatchObject({ status: 'failed', message: PAYMENT_UNCONFIRMED });

    // The sweep cancels it (the phone was never proved); the buyer approves after all: the money goes back.
    await expireDueOrders(t.db, t.clock());
    expect((await read(order.token)).status).toBe('Cancelled');
    t.fake.state.mode = 'success';
    t.fake.answerVerify(charge!.transfer_id, undefined);
    t.fake.settle(charge!.transfer_id, 'success');
    await t.poll(300_000);
    await t.poll();
    const after = await read(order.token);
    expect(after).toMatchObject({ status: 'Cancelled', payment: { status: 'refunded' } });
    expect(await ledger(order.number)).toEqual([
      'payment in 80000',
      'fee out 2400',
      'refund out 80000',
      'fee out 1200',
    ]);
  });

  it('an answer that keeps disagreeing with what was asked is let go after the hold too, and never paid', async () => {
    const order = await payNow(150_000);
    const [charge] = await charges(order.number);
    const atGateway = t.fake.transfers.get(charge!.transfer_id)!;
    atGateway.status = 'success';
    atGateway.amount = 1_500;
    await t.poll();
    expect((await read(order.token)).payment.status).toBe('pending');
    t.clock.advance(HOLD_MS);
    await t.poll(0);
    expect((await read(order.token)).payment).toMatchObject({ status: 'failed', message: PAYMENT_UNCONFIRMED });
    expect((await charges(order.number))[0]!.status).toBe('pending');
    expect(await ledger(order.number)).toEqual([]);
  });
});
