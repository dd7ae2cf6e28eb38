import { isOpenOrder } from '@marketplace/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../test/databases.js';
import { addProduct, addShop } from '../../test/fixtures.js';
import { items, placeOrder } from '../orders/testing.js';
import { checkTransfer, pollTransfers } from './checks.js';
import { findTransferById } from '../ledger/repository/transfers.js';
import { paymentsApp } from './testing-app.js';

// On PostgreSQL the transactions truly overlap (one pool connection each); SQLite has one writer, so fewer trials
// show the same guarantee there.
describe.each(engines)('payments racing [%s]', (engine) => {
  const trials = engine === 'postgres' ? 15 : 3;
  let t: Awaited<ReturnType<typeof paymentsApp>>;
  let shopId: number;

  beforeAll(async () => {
    t = await paymentsApp(engine);
    shopId = await addShop(t.db, 'Race Pay Shop');
  });
  afterAll(() => t.close());

  let n = 0;
  async function pendingOrder() {
    t.fake.state.mode = 'pending';
    const id = await addProduct(t.db, { name: `Race pay ${++n}`, price: 200_000, shopId, images: 0 });
    const order = (await placeOrder(t.app, items(id), { payment: 'airtel_money' })).json().orders[0];
    const charge = await t.db.kysely
      .selectFrom('money_transfers as m')
      .innerJoin('orders as o', 'o.id', 'm.order_id')
      .selectAll('m')
      .where('o.number', '=', order.number)
      .executeTakeFirstOrThrow();
    t.fake.state.mode = 'success';
    t.fake.settle(charge.transfer_id, 'success');
    return { order, token: order.token as string, charge };
  }
  const money = (number: string) =>
    t.db.kysely.selectFrom('ledger_entries').select(['kind']).where('subject_number', '=', number).execute();

  it(`an event and the poller at once record one payment (${trials} trials)`, async () => {
    for (let trial = 0; trial < trials; trial++) {
      const { order, charge } = await pendingOrder();
      t.clock.advance(61_000);
      const row = (await findTransferById(t.db.kysely, charge.transfer_id))!;
      await Promise.all([
        checkTransfer(t.payments, row, t.clock()),
        checkTransfer(t.payments, row, t.clock()),
        pollTransfers(t.payments, t.clock()),
      ]);
      const kinds = (await money(order.number)).map((e) => e.kind);
      expect(kinds.filter((k) => k === 'payment')).toHaveLength(1);
    }
  });

  it(`a buyer's cancel and the payment's confirmation at once end refunded or paid, never both or neither (${trials} trials)`, async () => {
    const outcomes = new Set<string>();
    for (let trial = 0; trial < trials; trial++) {
      const { order, token, charge } = await pendingOrder();
      const row = (await findTransferById(t.db.kysely, charge.transfer_id))!;
      const [cancel] = await Promise.all([
        t.app.inject({ method: 'POST', url: `/api/v1/orders/${token}/cancel` }),
        checkTransfer(t.payments, row, t.clock()),
      ]);
      expect([200, 409]).toContain(cancel.statusCode);
      await t.payments.idle();
      await t.poll();
      const final = (await t.app.inject({ url: `/api/v1/orders/${token}` })).json();
      const kinds = (await money(order.number)).map((e) => e.kind).sort();
      if (isOpenOrder(final.status)) {
        expect(final.payment.status).toBe('paid');
        expect(kinds).toEqual(['fee', 'payment']);
        outcomes.add('paid');
      } else {
        expect(final.status).toBe('Cancelled');
        expect(final.payment.status).toBe('refunded');
        // The charge's fee and the refund's (payouts are read back with their fee, decision 0079).
        expect(kinds).toEqual(['fee', 'fee', 'payment', 'refund']);
        outcomes.add('refunded');
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });
});
