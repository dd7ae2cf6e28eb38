import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { engines } from '../../test/databases.js';
import { addProduct, addShop } from '../../test/fixtures.js';
import { items, placeOrder } from '../orders/testing.js';
import { paymentsApp } from './testing-app.js';

describe.each(engines)('the PayChangu webhook costs little [%s]', (engine) => {
  let t: Awaited<ReturnType<typeof paymentsApp>>;
  let shopId: number;

  beforeAll(async () => {
    t = await paymentsApp(engine);
    shopId = await addShop(t.db, 'Zomba Webhook Shop');
  });
  afterAll(() => t.close());
  beforeEach(() => {
    t.fake.state.mode = 'pending';
  });

  let n = 0;
  async function chargeOf(price = 120_000) {
    const id = await addProduct(t.db, { name: `Webhook item ${++n}`, price, shopId, images: 0 });
    const res = await placeOrder(t.app, items(id), { payment: 'airtel_money' });
    expect(res.statusCode, res.body).toBe(201);
    const { token, number } = res.json().orders[0] as { token: string; number: string };
    const charge = await t.db.kysely
      .selectFrom('money_transfers as m')
      .innerJoin('orders as o', 'o.id', 'm.order_id')
      .select('m.transfer_id')
      .where('o.number', '=', number)
      .executeTakeFirstOrThrow();
    return { token, chargeId: charge.transfer_id };
  }
  const verifies = (chargeId: string) =>
    t.fake.requests.filter((r) => r.path === `/mobile-money/payments/${chargeId}/verify`).length;
  const paymentStatus = async (token: string) =>
    (await t.app.inject({ url: `/api/v1/orders/${token}` })).json().payment.status as string;

  it('a signed event replayed 50 times asks the gateway once per window, answers 200, and the poller still settles', async () => {
    const { token, chargeId } = await chargeOf();
    const before = verifies(chargeId);
    // A storm: all at once, then one by one.
    const storm = await Promise.all(Array.from({ length: 25 }, () => t.event(chargeId)));
    for (let i = 0; i < 25; i++) storm.push(await t.event(chargeId));
    expect(storm.map((s) => s.status)).toEqual(Array(50).fill(200));
    expect(verifies(chargeId) - before).toBe(1);

    // The buyer approves during the storm: the poller finds it (the throttled events brought its check forward).
    t.fake.settle(chargeId, 'success');
    await t.event(chargeId);
    expect(verifies(chargeId) - before).toBe(1);
    await t.poll();
    expect(await paymentStatus(token)).toBe('paid');
    // Settled for good: a replay asks nothing at all.
    const settled = verifies(chargeId);
    t.clock.advance(60_000);
    for (let i = 0; i < 10; i++) expect((await t.event(chargeId)).status).toBe(200);
    expect(verifies(chargeId)).toBe(settled);
  });

  it('an event after the window asks again at once, so a real answer is not delayed', async () => {
    const { token, chargeId } = await chargeOf();
    await t.event(chargeId);
    expect(await paymentStatus(token)).toBe('pending');
    t.fake.settle(chargeId, 'success');
    t.clock.advance(30_000);
    await t.event(chargeId);
    expect(await paymentStatus(token)).toBe('paid');
  });

  it('audits a disagreement with the gateway once, however often it is checked; a new one is audited again', async () => {
    const { chargeId } = await chargeOf(300_000);
    const atGateway = t.fake.transfers.get(chargeId)!;
    atGateway.status = 'success';
    atGateway.amount = 3_000;
    const audits = () =>
      t.db.kysely
        .selectFrom('audit_log')
        .select(['action', 'detail'])
        .where('action', 'like', `Payment ${chargeId} left pending%`)
        .execute();
    await t.event(chargeId);
    for (let i = 0; i < 4; i++) await t.poll();
    expect(await audits()).toHaveLength(1);
    // A check that could not reach the gateway in between does not make the same disagreement new.
    t.fake.answerVerify(chargeId, { status: 503 });
    await t.poll();
    t.fake.answerVerify(chargeId, undefined);
    await t.poll();
    expect(await audits()).toHaveLength(1);
    atGateway.amount = 4_000;
    await t.poll();
    await t.poll();
    const rows = await audits();
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.detail ?? r.action).join('\n')).toContain('MWK 4,000, not MWK 300,000');
  });
});
