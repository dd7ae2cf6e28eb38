import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../test/databases.js';
import { addProduct, addShop } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { moneySummary } from '../money/report.js';
import { items, placeOrder, staffStep } from '../orders/testing.js';
import { insertTransfer } from '../ledger/repository/transfers.js';
import { paymentsApp } from './testing-app.js';

/** A small seeded generator (mulberry32): a failing run can be replayed from the seed it prints. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe.each(engines)('the ledger after a randomised run [%s]', (engine) => {
  // A fixed seed keeps the run the same everywhere; LEDGER_SEED tries others.
  const seed = Number(process.env.LEDGER_SEED ?? 7);
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  let t: Awaited<ReturnType<typeof paymentsApp>>;
  let admin: Record<string, string>;
  let shops: number[];
  let tnmBuyers = 0;

  beforeAll(async () => {
    t = await paymentsApp(engine);
    admin = (await signIn(t.app, t.db, 'Admin')).headers;
    shops = [await addShop(t.db, 'Totals Lilongwe'), await addShop(t.db, 'Totals Blantyre', { town: 'Blantyre' })];
  });
  afterAll(() => t.close());

  const orderId = async (number: string) =>
    (await t.db.kysely.selectFrom('orders').select('id').where('number', '=', number).executeTakeFirstOrThrow()).id;
  const staff = (id: number, step: string, payload?: object) => staffStep(t.app, t.db, admin, { id, step, payload });

  it(`equals the sum of its entries and of the orders and transfers it records (seed ${seed})`, async () => {
    let n = 0;
    for (let step = 0; step < 24; step++) {
      t.fake.state.mode = pick(['success', 'success', 'failure', 'payout-fails-once'] as const);
      const price = 1_000 * (1 + Math.floor(next() * 500));
      const productId = await addProduct(t.db, { name: `Totals ${++n}`, price, shopId: pick(shops), images: 0 });
      const payment = pick(['on_collection', 'airtel_money', 'tnm_mpamba'] as const);
      // TNM Mpamba needs a TNM number (docs/decisions/0081); the default buyer phones are Airtel's.
      const phone = payment === 'tnm_mpamba' ? { phone: `0888${String(++tnmBuyers).padStart(6, '0')}` } : {};
      const order = (await placeOrder(t.app, items(productId), { payment, ...phone })).json().orders[0];
      await t.poll();
      const id = await orderId(order.number);
      const ending = pick(['complete', 'cancel', 'leave'] as const);
      if (ending === 'complete') {
        await staff(id, 'confirm');
        await staff(id, 'ready');
        await staff(id, 'complete', { payment_method: pick(['cash', 'airtel_money', 'bank'] as const) });
      } else if (ending === 'cancel') {
        await staff(id, 'cancel', { reason: 'Randomised run' });
      }
      await t.payments.idle();
      if (next() < 0.3) {
        // A payout to a seller, as the seller-request screen writes one.
        const at = t.clock().toISOString();
        await insertTransfer(t.db.kysely, {
          kind: 'seller_payout',
          seller_request_id: 100_000 + step,
          method: 'airtel_money',
          mobile: '+265991234567',
          amount: Math.floor(price / 2),
          status: 'starting',
          check_at: at,
          created_at: at,
        });
      }
      await t.poll();
      await t.poll();
    }

    const entries = await t.db.kysely.selectFrom('ledger_entries').selectAll().execute();
    const total = (kind: string) => sum(entries.filter((e) => e.kind === kind).map((e) => Number(e.amount)));
    const paidTransfers = await t.db.kysely
      .selectFrom('money_transfers')
      .selectAll()
      .where('status', '=', 'paid')
      .execute();
    const transferTotal = (kind: string) =>
      sum(paidTransfers.filter((x) => x.kind === kind).map((x) => Number(x.amount)));
    const counterSales = await t.db.kysely
      .selectFrom('orders')
      .select('total')
      .where('status', '=', 'Completed')
      .where('payment_status', '<>', 'paid')
      .execute();

    // The run moved money every way the ledger knows.
    expect(new Set(entries.map((e) => e.kind))).toEqual(new Set(['sale', 'payment', 'fee', 'refund', 'seller_payout']));
    // Each kind of entry adds up to what it records.
    expect(total('payment')).toBe(transferTotal('charge'));
    expect(total('refund')).toBe(transferTotal('refund'));
    expect(total('seller_payout')).toBe(transferTotal('seller_payout'));
    expect(total('fee')).toBe(sum(paidTransfers.map((x) => Number(x.fee ?? 0))));
    expect(total('sale')).toBe(sum(counterSales.map((o) => Number(o.total))));
    // A refund never exceeds the payment it returns; a refunded order's payment and refund match.
    const refunded = await t.db.kysely
      .selectFrom('orders')
      .select('id')
      .where('payment_status', '=', 'refunded')
      .execute();
    for (const { id } of refunded) {
      const rows = entries.filter((e) => e.order_id === id);
      const of = (kind: string) => sum(rows.filter((e) => e.kind === kind).map((e) => Number(e.amount)));
      expect(of('refund')).toBe(of('payment'));
    }
    // Every amount is a whole number of kwacha above zero.
    for (const e of entries) expect(Number.isSafeInteger(Number(e.amount)) && Number(e.amount) > 0).toBe(true);

    // The Money report's totals are the same sums.
    const day = t.clock().toISOString().slice(0, 10);
    const report = await moneySummary(t.db.kysely, { from: '2026-12-01', to: day, shop_id: undefined });
    const takenIn = sum(Object.values(report.totals.taken_in));
    expect(takenIn).toBe(total('sale') + total('payment'));
    expect(report.totals.refunded).toBe(total('refund'));
    expect(report.totals.paid_to_sellers).toBe(total('seller_payout'));
    expect(report.totals.fees).toBe(total('fee'));
    expect(report.totals.net).toBe(takenIn - total('refund') - total('seller_payout') - total('fee'));
  });
});
