import { PAYMENT_DECLINED, PAYMENT_NOT_OFFERED, PAYMENT_UNREACHABLE } from '@marketplace/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addProduct, addShop } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { expireDueOrders, NOT_PAID_IN_TIME } from '../orders/service.js';
import { items, placeOrder, staffStep } from '../orders/testing.js';
import { MAX_CHARGES_PER_ORDER, TOO_MANY_ATTEMPTS } from './pay.js';
import { PROMPT_GAP_MINUTES, PROMPT_TOO_SOON } from './pin-prompts.js';
import { paymentsApp } from './testing-app.js';

describe.each(engines)('paying an order now by mobile money [%s]', (engine) => {
  let t: Awaited<ReturnType<typeof paymentsApp>>;
  let shopId: number;
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await paymentsApp(engine);
    shopId = await addShop(t.db, 'Lilongwe Pay Shop');
    admin = (await signIn(t.app, t.db, 'Admin')).headers;
  });
  afterAll(() => t.close());
  beforeEach(() => {
    t.fake.state.mode = 'success';
  });

  let n = 0;
  async function payNow(payment = 'airtel_money', price = 485_000, over: Record<string, unknown> = {}) {
    const id = await addProduct(t.db, { name: `Pay item ${++n}`, price, shopId, images: 0 });
    const res = await placeOrder(t.app, items(id), { payment, ...over });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().orders[0];
    return { productId: id, order, token: order.token as string };
  }
  const read = async (token: string) => (await t.app.inject({ url: `/api/v1/orders/${token}` })).json();
  const transfers = (orderNumber: string) =>
    t.db.kysely
      .selectFrom('money_transfers as m')
      .innerJoin('orders as o', 'o.id', 'm.order_id')
      .select(['m.kind', 'm.status', 'm.transfer_id', 'm.amount', 'm.method'])
      .where('o.number', '=', orderNumber)
      .orderBy('m.id')
      .execute();
  const ledger = (orderNumber: string) =>
    t.db.kysely
      .selectFrom('ledger_entries')
      .select(['kind', 'direction', 'method', 'amount'])
      .where('subject_number', '=', orderNumber)
      .orderBy('id')
      .execute();
  const pay = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/v1/orders/${token}/pay`, payload });

  it("asks for the PIN with the server's amount, holds the items 15 minutes, and is paid once the gateway confirms", async () => {
    const { order, token } = await payNow();
    expect(order.payment).toEqual({ method: 'airtel_money', status: 'pending', amount: 485_000, message: null });
    expect(Date.parse(order.expires_at) - t.clock().getTime()).toBe(15 * 60_000);
    const [charge] = await transfers(order.number);
    const asked = t.fake.requests.find(
      (r) =>
        r.path === '/mobile-money/payments/initialize' &&
        (r.body as { charge_id: string }).charge_id === charge!.transfer_id,
    );
    expect(asked?.body).toMatchObject({ amount: '485000', mobile: `0${String(order.phone).slice(4)}` });

    // The event, sent three times, records one payment (and the gateway's fee).
    for (let i = 0; i < 3; i++) expect((await t.event(charge!.transfer_id)).status).toBe(200);
    const paid = await read(token);
    expect(paid.payment.status).toBe('paid');
    expect(paid.history.at(-1)).toMatchObject({ action: 'paid', by: 'system' });
    expect(await ledger(order.number)).toEqual([
      { kind: 'payment', direction: 'in', method: 'airtel_money', amount: 485_000 },
      { kind: 'fee', direction: 'out', method: 'airtel_money', amount: Math.ceil(485_000 * 0.03) },
    ]);

    // Paid: no expiry, however long it waits.
    t.clock.advance(3 * 24 * 3_600_000);
    await expireDueOrders(t.db, t.clock());
    expect((await read(token)).status).toBe('Placed');
    // Past PAID_HOLD_DAYS (14) the dashboard tells staff to chase it.
    const waiting = async () =>
      (await t.app.inject({ url: '/api/admin/dashboard', headers: admin })).json().paid_waiting;
    expect((await waiting()).days).toBe(14);
    const before = (await waiting()).orders;
    t.clock.advance(12 * 24 * 3_600_000);
    expect((await waiting()).orders).toBeGreaterThan(before);

    // Completed at the counter without asking how it was paid, and no second money row.
    const id = (
      await t.db.kysely.selectFrom('orders').select('id').where('number', '=', order.number).executeTakeFirstOrThrow()
    ).id;
    for (const step of ['confirm', 'ready'])
      expect(
        (await t.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/${step}`, headers: admin })).statusCode,
      ).toBe(200);
    const done = await staffStep(t.app, t.db, admin, { id, step: 'complete', payload: {} });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'Completed', payment_method: 'airtel_money' });
    expect(await ledger(order.number)).toHaveLength(2);
  });

  it('pays with TNM Mpamba too, and an unpaid counter order must still say how it was paid', async () => {
    const { order } = await payNow('tnm_mpamba', 90_000, { phone: '0888 765 432' });
    expect(order.payment.method).toBe('tnm_mpamba');
    const counter = await payNow('on_collection', 70_000);
    expect(counter.order.payment).toEqual({
      method: 'on_collection',
      status: 'not_required',
      amount: 70_000,
      message: null,
    });
  });

  it('refuses forged, unsigned and altered events and changes nothing; an unknown charge is answered 200', async () => {
    t.fake.state.mode = 'pending';
    const { order, token } = await payNow();
    const [charge] = await transfers(order.number);
    t.fake.settle(charge!.transfer_id, 'success');
    for (const signing of ['forged', 'unsigned', 'tampered'] as const)
      expect((await t.event(charge!.transfer_id, signing)).status).toBe(401);
    expect((await read(token)).payment.status).toBe('pending');
    expect(await ledger(order.number)).toEqual([]);
  });

  it('leaves a payment pending, noted for staff, when the verification disagrees with what was asked', async () => {
    t.fake.state.mode = 'pending';
    const { order, token } = await payNow('airtel_money', 300_000);
    const [charge] = await transfers(order.number);
    const atGateway = t.fake.transfers.get(charge!.transfer_id)!;
    atGateway.status = 'success';
    atGateway.amount = 3_000;
    await t.event(charge!.transfer_id);
    expect((await read(token)).payment.status).toBe('pending');
    expect(await ledger(order.number)).toEqual([]);
    const row = await t.db.kysely
      .selectFrom('money_transfers')
      .select(['status', 'note'])
      .where('transfer_id', '=', charge!.transfer_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'pending', note: expect.stringContaining('MWK 3,000, not MWK 300,000') });
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', `Payment ${charge!.transfer_id} left pending%`)
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('shows a declined payment as failed, lets the buyer try again, and stops after three attempts', async () => {
    t.fake.state.mode = 'failure';
    const { order, token } = await payNow();
    await t.poll();
    const failed = await read(token);
    expect(failed.payment).toMatchObject({ status: 'failed', message: PAYMENT_DECLINED });

    // One round of PIN prompts per phone per 10 minutes (decision 0083): "Try again" says when.
    const soon = await pay(token, { payment: 'airtel_money' });
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toMatchObject({ message: PROMPT_TOO_SOON, code: 'pin_prompt_too_soon' });
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(500);
    t.clock.advance(PROMPT_GAP_MINUTES * 60_000);
    const again = await pay(token, { payment: 'airtel_money' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().payment).toMatchObject({ method: 'airtel_money', status: 'pending' });
    // While one waits for the PIN, a second prompt is refused.
    expect((await pay(token, { payment: 'airtel_money' })).statusCode).toBe(409);
    await t.poll();
    t.clock.advance(PROMPT_GAP_MINUTES * 60_000);
    expect((await pay(token, { payment: 'airtel_money' })).statusCode).toBe(200);
    await t.poll();
    const tooMany = await pay(token, { payment: 'airtel_money' });
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().message).toBe(TOO_MANY_ATTEMPTS);
    expect(await transfers(order.number)).toHaveLength(MAX_CHARGES_PER_ORDER);

    // Paying at the shop instead: an ordinary reservation (phones cannot be proved here: the unproved hold).
    const shop = await pay(token, { payment: 'on_collection' });
    expect(shop.statusCode, shop.body).toBe(200);
    expect(shop.json().payment).toMatchObject({ method: 'on_collection', status: 'not_required' });
    expect(Date.parse(shop.json().expires_at) - Date.parse(order.created_at)).toBe(12 * 3_600_000);
  });

  it('keeps the order when the gateway is too slow, says so, and finds out later that the charge never arrived', async () => {
    t.fake.state.mode = 'slow';
    const { order, token } = await payNow();
    expect(order.payment).toMatchObject({ status: 'failed', message: PAYMENT_UNREACHABLE });
    t.fake.state.mode = 'success';
    await t.poll(61_000);
    const [charge] = await transfers(order.number);
    expect(charge!.status).toBe('failed');
    expect((await read(token)).status).toBe('Placed');
  });

  it('a payment whose event never comes is found by the poller', async () => {
    t.fake.state.mode = 'pending';
    const { order, token } = await payNow();
    await t.poll();
    expect((await read(token)).payment.status).toBe('pending');
    t.fake.settle((await transfers(order.number))[0]!.transfer_id, 'success');
    await t.poll();
    expect((await read(token)).payment.status).toBe('paid');
  });

  it('unpaid in 15 minutes: cancelled, or an ordinary reservation when the phone was proved', async () => {
    t.fake.state.mode = 'pending';
    const unproved = await payNow();
    const proved = await payNow();
    await t.db.kysely
      .updateTable('orders')
      .set({ phone_proved: 1 })
      .where('number', '=', proved.order.number)
      .execute();
    t.clock.advance(15 * 60_000 + 1);
    await expireDueOrders(t.db, t.clock(), { fallbackHours: 48 });
    const cancelled = await read(unproved.token);
    expect(cancelled.status).toBe('Cancelled');
    expect(cancelled.history.at(-1)).toMatchObject({ by: 'system', reason: NOT_PAID_IN_TIME });
    // Cancelled unpaid: the phone cannot hold the item again at once by ordering it anew (decision 0083).
    const again = await placeOrder(t.app, items(unproved.productId), {
      payment: 'airtel_money',
      phone: unproved.order.phone,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/it can be reserved again 24 hours after/);
    const kept = await read(proved.token);
    expect(kept).toMatchObject({ status: 'Placed', payment: { method: 'on_collection', status: 'not_required' } });
    expect(Date.parse(kept.expires_at) - Date.parse(proved.order.created_at)).toBe(48 * 3_600_000);

    // The buyer approves after all: the cancelled order's money goes back by itself.
    const [late] = await transfers(unproved.order.number);
    t.fake.state.mode = 'success';
    t.fake.settle(late!.transfer_id, 'success');
    await t.event(late!.transfer_id);
    expect((await read(unproved.token)).payment.status).toBe('refunded');
    expect((await ledger(unproved.order.number)).map((e) => `${e.kind} ${e.direction}`)).toEqual([
      'payment in',
      'fee out',
      'refund out',
      // The refund's own fee: PayChangu reads payouts back with their fee included (decision 0079).
      'fee out',
    ]);
  });

  it('refunds a cancelled paid order once; a failed refund is shown to staff and retried, never sent twice', async () => {
    const { order, token } = await payNow();
    const [charge] = await transfers(order.number);
    await t.event(charge!.transfer_id);
    // Refunds earlier tests left due are paid first: armed now, the one failure must be this order's refund.
    await t.poll();
    t.fake.state.mode = 'payout-fails-once';
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/v1/orders/${token}/cancel` });
    expect(cancelled.json().payment.status).toBe('refunding');
    await t.payments.idle();
    const id = (
      await t.db.kysely.selectFrom('orders').select('id').where('number', '=', order.number).executeTakeFirstOrThrow()
    ).id;
    const seen = (await t.app.inject({ url: `/api/admin/orders/${id}`, headers: admin })).json();
    expect(seen.payment.status).toBe('refunding');
    expect(seen.transfers.map((x: { kind: string; status: string }) => `${x.kind} ${x.status}`)).toEqual([
      'charge paid',
      'refund failed',
    ]);
    // The Money page lists the failed refund until it is retried and paid.
    const attention = async () =>
      (await t.app.inject({ url: '/api/admin/money/summary?from=2026-12-01&to=2026-12-31', headers: admin })).json()
        .attention as { kind: string; status: string; subject_number: string }[];
    expect(await attention()).toContainEqual(
      expect.objectContaining({ kind: 'refund', status: 'failed', subject_number: order.number }),
    );
    const retry = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/refund`, headers: admin });
    expect(retry.statusCode, retry.body).toBe(200);
    await t.payments.idle();
    await t.poll();
    expect((await read(token)).payment.status).toBe('refunded');
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/refund`, headers: admin })).statusCode,
    ).toBe(409);
    const out = (await ledger(order.number)).filter((e) => e.kind === 'refund');
    expect(out).toEqual([{ kind: 'refund', direction: 'out', method: 'airtel_money', amount: 485_000 }]);
    const payouts = t.fake.requests.filter((r) => r.path === '/mobile-money/payouts/initialize');
    expect(payouts.filter((r) => (r.body as { amount: string }).amount === '485000').length).toBeGreaterThanOrEqual(2);
  });
});

describe.each(engines)('without a payment gateway [%s]', (engine) => {
  it('offers no online payment and keeps counter orders as they were', async () => {
    const t = await createTestApp(engine);
    try {
      const shopId = await addShop(t.db, 'Counter Shop');
      const id = await addProduct(t.db, { name: 'Counter phone', price: 50_000, shopId, images: 0 });
      const refused = await placeOrder(t.app, items(id), { payment: 'airtel_money' });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe(PAYMENT_NOT_OFFERED);
      const placed = await placeOrder(t.app, items(id));
      expect(placed.json().orders[0].payment).toEqual({
        method: 'on_collection',
        status: 'not_required',
        amount: 50_000,
        message: null,
      });
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/payments/paychangu/webhook', payload: {} })).statusCode,
      ).toBe(404);
    } finally {
      await t.close();
    }
  });
});
