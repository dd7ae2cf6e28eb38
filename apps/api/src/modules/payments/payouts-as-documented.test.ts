import {
  NOT_AN_AIRTEL_NUMBER,
  NOT_WAITING_FOR_STAFF,
  PAYOUT_ON_ITS_WAY,
  SELLER_ALREADY_PAID,
} from '@marketplace/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../db/database.js';
import { engines } from '../../test/databases.js';
import { addCategory, addProduct, addShop } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { items, placeOrder } from '../orders/testing.js';
import { inStock, sellerCalls, staffCalls } from '../seller-requests/testing.js';
import { RESENT_REFUSED_NOTE } from './checks.js';
import { paymentsApp } from './testing-app.js';

// Refunds and seller payouts as PayChangu really answers them (decision 0079): fee-inclusive amounts, operators that
// take no withdrawals, and a re-sent payout refused as a duplicate.

const TNM_BANK_UUID = '5e9946ae-76ed-43f5-ad59-63e09096006a';
const SUMMARY = '/api/admin/money/summary?from=2026-12-01&to=2026-12-31';

async function setUp(engine: Engine, tnmPayout: 'manual' | 'bank' = 'manual') {
  const t = await paymentsApp(engine, {}, tnmPayout);
  const admin = (await signIn(t.app, t.db, 'Admin')).headers;
  const moderator = (await signIn(t.app, t.db, 'Moderator')).headers;
  const staff = staffCalls(t.app, moderator);
  const place = { shop_id: await addShop(t.db, 'Zomba Shop'), category_id: await addCategory(t.db, 'Phones') };
  const db = t.db.kysely;
  return {
    t,
    admin,
    moderator,
    /** A seller's item in stock, bought at `buying`, the seller's phone on `phone`. */
    async seller(buying: number, phone = '+265991234567') {
      const { id, reference, status_token } = await inStock(t.app, staff, place, buying);
      await db.updateTable('seller_requests').set({ phone }).where('id', '=', id).execute();
      return { id, reference, status_token };
    },
    pay: (id: number, method: string, headers = admin) =>
      t.app.inject({ method: 'POST', url: `/api/admin/seller-requests/${id}/pay`, headers, payload: { method } }),
    byHand: (id: number, payload: object, headers = admin) =>
      t.app.inject({ method: 'POST', url: `/api/admin/money/transfers/${id}/by-hand`, headers, payload }),
    payouts: (id: number) =>
      db
        .selectFrom('money_transfers')
        .selectAll()
        .where('seller_request_id', '=', id)
        .where('kind', '=', 'seller_payout')
        .orderBy('id')
        .execute(),
    ledger: (subject: { sellerRequestId?: number; orderId?: number }) =>
      db
        .selectFrom('ledger_entries')
        .select(['kind', 'direction', 'method', 'amount', 'note', 'staff_id', 'reference'])
        .where(subject.orderId ? 'order_id' : 'seller_request_id', '=', subject.orderId ?? subject.sellerRequestId!)
        .orderBy('id')
        .execute(),
    sms: (type: string, id: number) =>
      db
        .selectFrom('outbox_messages')
        .select(['channel', 'recipient', 'body'])
        .where('subject_type', '=', type)
        .where('subject_id', '=', id)
        .orderBy('id')
        .execute(),
    attention: async () =>
      (await t.app.inject({ url: SUMMARY, headers: admin })).json().attention as {
        id: number;
        kind: string;
        status: string;
        note: string | null;
      }[],
  };
}

describe.each(engines)('refunds and seller payouts as PayChangu answers them [%s]', (engine) => {
  let s: Awaited<ReturnType<typeof setUp>>;

  beforeAll(async () => {
    s = await setUp(engine);
  });
  afterAll(() => s.t.close());
  beforeEach(() => {
    s.t.fake.state.mode = 'success';
  });

  it('settles a payout read back with its fee included, and records the fee as its own entry', async () => {
    // MK 50 sent is read back as 50.75 with a fee of "0.75", as in PayChangu's "Fetch a Transfer".
    const { id } = await s.seller(50);
    expect((await s.pay(id, 'airtel_money')).statusCode).toBe(200);
    await s.t.payments.idle();
    const [payout] = await s.payouts(id);
    expect(s.t.fake.transfers.get(payout!.transfer_id)).toMatchObject({ amount: 50 });
    expect(payout).toMatchObject({ status: 'paid', fee: 1, note: null });
    expect(Number(payout!.fee_tambala)).toBe(75);
    expect(await s.ledger({ sellerRequestId: id })).toEqual([
      expect.objectContaining({ kind: 'seller_payout', direction: 'out', method: 'airtel_money', amount: 50 }),
      // Whole kwacha in the ledger, the exact fee said in the entry.
      expect.objectContaining({
        kind: 'fee',
        amount: 1,
        note: 'Gateway fee MWK 0.75, rounded to whole kwacha',
      }),
    ]);
    expect((await s.sms('seller_request', id)).map((m) => m.body)).toContainEqual(
      expect.stringContaining('we paid you MWK 50'),
    );
  });

  it('keeps a payout open when the amount is neither what was asked nor that plus the fee', async () => {
    s.t.fake.state.mode = 'pending';
    const { id } = await s.seller(2_000);
    await s.pay(id, 'airtel_money');
    await s.t.payments.idle();
    const [payout] = await s.payouts(id);
    // The gateway says 1,990 sent (+ 29.85 fee): not 2,000, not 2,000 + fee.
    const sent = s.t.fake.transfers.get(payout!.transfer_id)!;
    sent.amount = 1_990;
    s.t.fake.settle(payout!.transfer_id, 'success');
    await s.t.poll();
    const [open] = await s.payouts(id);
    expect(open).toMatchObject({ status: 'pending' });
    expect(open!.note).toBe('Check with the gateway: the gateway reported MWK 2,019.85, not MWK 2,000');
    expect(await s.ledger({ sellerRequestId: id })).toEqual([]);
    // Made right at the gateway, it settles.
    sent.amount = 2_000;
    await s.t.poll();
    expect((await s.payouts(id))[0]).toMatchObject({ status: 'paid' });
  });

  it('a re-sent payout refused as a duplicate stays open, settles once verified, and a retry never pays twice', async () => {
    const { id } = await s.seller(70_000);
    // The first send reaches PayChangu but its answer is lost (our call times out).
    s.t.fake.state.mode = 'lost-answer';
    await s.pay(id, 'airtel_money');
    await s.t.payments.idle();
    const [first] = await s.payouts(id);
    expect(first!.status).toBe('starting');
    // PayChangu's details do not show it yet (404): it is sent again under the same id, and refused as taken.
    s.t.fake.state.mode = 'success';
    s.t.fake.unlisted.add(first!.transfer_id);
    await s.t.poll();
    const [open] = await s.payouts(id);
    expect(open).toMatchObject({ status: 'pending' });
    expect(open!.note).toContain(RESENT_REFUSED_NOTE);
    expect(open!.note).toContain('already been taken');
    // An Admin retry now would pay twice: refused while the payout is open.
    expect((await s.pay(id, 'airtel_money')).json().message).toBe(PAYOUT_ON_ITS_WAY);
    // Never sent a third time, however often it is checked before PayChangu shows it.
    await s.t.poll();
    const starts = () =>
      s.t.fake.requests.filter(
        (r) =>
          r.path === '/mobile-money/payouts/initialize' &&
          (r.body as { charge_id: string }).charge_id === first!.transfer_id,
      ).length;
    expect(starts()).toBe(2);
    s.t.fake.unlisted.delete(first!.transfer_id);
    await s.t.poll();
    const payouts = await s.payouts(id);
    expect(payouts.map((p) => p.status)).toEqual(['paid']);
    expect((await s.ledger({ sellerRequestId: id })).filter((e) => e.kind === 'seller_payout')).toHaveLength(1);
    expect((await s.pay(id, 'airtel_money')).json().message).toBe(SELLER_ALREADY_PAID);
    expect(starts()).toBe(2);
  });

  it('a re-sent refund refused as a duplicate keeps the order refunding, and the Admin retry finds nothing to retry', async () => {
    const shopId = await addShop(s.t.db, 'Kasungu Shop');
    const productId = await addProduct(s.t.db, { name: 'Lost answer phone', price: 45_000, shopId, images: 0 });
    const order = (await placeOrder(s.t.app, items(productId), { payment: 'airtel_money' })).json().orders[0];
    const orderId = (
      await s.t.db.kysely.selectFrom('orders').select('id').where('number', '=', order.number).executeTakeFirstOrThrow()
    ).id;
    const refundOf = () =>
      s.t.db.kysely
        .selectFrom('money_transfers')
        .selectAll()
        .where('order_id', '=', orderId)
        .where('kind', '=', 'refund')
        .execute();
    const [charge] = await s.t.db.kysely
      .selectFrom('money_transfers')
      .selectAll()
      .where('order_id', '=', orderId)
      .execute();
    await s.t.event(charge!.transfer_id);
    s.t.fake.state.mode = 'lost-answer';
    await s.t.app.inject({ method: 'POST', url: `/api/v1/orders/${order.token}/cancel` });
    await s.t.payments.idle();
    const [refund] = await refundOf();
    s.t.fake.state.mode = 'success';
    s.t.fake.unlisted.add(refund!.transfer_id);
    await s.t.poll();
    expect(await refundOf()).toEqual([expect.objectContaining({ status: 'pending' })]);
    const retry = () =>
      s.t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/refund`, headers: s.admin });
    expect((await retry()).statusCode).toBe(409);
    expect((await s.t.app.inject({ url: `/api/v1/orders/${order.token}` })).json().payment.status).toBe('refunding');
    s.t.fake.unlisted.delete(refund!.transfer_id);
    await s.t.poll();
    expect((await s.t.app.inject({ url: `/api/v1/orders/${order.token}` })).json().payment.status).toBe('refunded');
    expect((await retry()).statusCode).toBe(409);
    expect((await s.ledger({ orderId })).filter((e) => e.kind === 'refund')).toHaveLength(1);
    expect(
      s.t.fake.requests.filter(
        (r) => (r.body as { charge_id?: string } | undefined)?.charge_id === refund!.transfer_id,
      ),
    ).toHaveLength(2);
    expect([...s.t.fake.transfers.values()].filter((x) => x.kind === 'payout' && x.amount === 45_000)).toHaveLength(1);
  });
});

// PayChangu's documented operator list: TNM Mpamba `supports_withdrawals: false` (read once per process).
describe.each(engines)('payouts the gateway cannot make [%s]', (engine) => {
  let s: Awaited<ReturnType<typeof setUp>>;

  beforeAll(async () => {
    s = await setUp(engine);
    s.t.fake.state.tnmWithdrawals = false;
  });
  afterAll(() => s.t.close());

  it('never sends a payout to an operator that takes no withdrawals: an Admin pays it in cash, once', async () => {
    const { id, reference, status_token } = await s.seller(60_000, '+265881234567');
    await s.t.db.kysely.updateTable('seller_requests').set({ language: 'ny' }).where('id', '=', id).execute();
    const sent = s.t.fake.requests.length;
    expect((await s.pay(id, 'tnm_mpamba')).statusCode).toBe(200);
    await s.t.payments.idle();
    expect(s.t.fake.requests.slice(sent).filter((r) => r.method === 'POST')).toEqual([]);
    const [task] = await s.payouts(id);
    expect(task).toMatchObject({ status: 'manual', method: 'tnm_mpamba', check_at: null });
    expect(task!.note).toMatch(/cannot send TNM Mpamba payouts/);
    // The seller is told how they will be paid, in their language; their page says the payout is on its way.
    expect((await s.sms('seller_request', id)).at(-1)).toMatchObject({
      recipient: '+265881234567',
      body: expect.stringContaining(`sitingakutumizireni MWK 60,000 pa katundu wanu ${reference} pa TNM Mpamba`),
    });
    const detail = (await s.t.app.inject({ url: `/api/admin/seller-requests/${id}`, headers: s.admin })).json();
    expect(detail.payout).toMatchObject({ status: 'pending', by_hand: true });
    const sellerSees = (await sellerCalls(s.t.app).view(status_token)).json().payout;
    expect(sellerSees).toMatchObject({ status: 'pending' });
    expect(sellerSees).not.toHaveProperty('by_hand');
    // A person is named to act: the Money screen lists it, and nobody can start a second payout meanwhile.
    expect(await s.attention()).toContainEqual(
      expect.objectContaining({ id: task!.id, kind: 'seller_payout', status: 'manual' }),
    );
    expect((await s.pay(id, 'airtel_money')).json().message).toBe(PAYOUT_ON_ITS_WAY);
    await s.t.poll();
    expect((await s.payouts(id))[0]!.status).toBe('manual');

    // Only an Admin records it, with the receipt's reference.
    expect((await s.byHand(task!.id, { method: 'cash', reference: 'R-1' }, s.moderator)).statusCode).toBe(403);
    const missing = await s.byHand(task!.id, { method: 'cash', reference: ' ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.reference).toBe('Enter the receipt number or reference');
    expect((await s.byHand(task!.id, { method: 'cash', reference: 'R-1' })).statusCode).toBe(204);
    const again = await s.byHand(task!.id, { method: 'cash', reference: 'R-1' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(NOT_WAITING_FOR_STAFF);
    expect((await s.payouts(id))[0]).toMatchObject({ status: 'paid', method: 'cash', reference: 'R-1' });
    const [entry, ...rest] = await s.ledger({ sellerRequestId: id });
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ kind: 'seller_payout', method: 'cash', amount: 60_000, reference: 'R-1' });
    expect(entry!.staff_id).not.toBeNull();
    expect((await s.sms('seller_request', id)).at(-1)!.body).toContain("ndalama m'manja ku kauntala");
    expect((await s.pay(id, 'cash')).json().message).toBe(SELLER_ALREADY_PAID);
    expect((await s.attention()).some((a) => a.id === task!.id)).toBe(false);
  });

  it('refunds a TNM payment it cannot send by Airtel Money to the number the buyer gives', async () => {
    const shopId = await addShop(s.t.db, 'Mzuzu Shop');
    const productId = await addProduct(s.t.db, { name: 'TNM refund phone', price: 30_000, shopId, images: 0 });
    const placed = await placeOrder(s.t.app, items(productId), { payment: 'tnm_mpamba', phone: '0881234567' });
    const order = placed.json().orders[0];
    const orderId = (
      await s.t.db.kysely.selectFrom('orders').select('id').where('number', '=', order.number).executeTakeFirstOrThrow()
    ).id;
    const [charge] = await s.t.db.kysely
      .selectFrom('money_transfers')
      .selectAll()
      .where('order_id', '=', orderId)
      .execute();
    await s.t.event(charge!.transfer_id);
    const cancelled = await s.t.app.inject({ method: 'POST', url: `/api/v1/orders/${order.token}/cancel` });
    expect(cancelled.json().payment.status).toBe('refunding');
    await s.t.payments.idle();
    const refund = await s.t.db.kysely
      .selectFrom('money_transfers')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('kind', '=', 'refund')
      .executeTakeFirstOrThrow();
    expect(refund.status).toBe('manual');
    // Refunding, with the task on the order and on the Money screen; the buyer is told how.
    const seen = (await s.t.app.inject({ url: `/api/admin/orders/${orderId}`, headers: s.admin })).json();
    expect(seen.payment.status).toBe('refunding');
    expect(seen.transfers.map((x: { status: string }) => x.status)).toEqual(['paid', 'manual']);
    expect(await s.attention()).toContainEqual(expect.objectContaining({ id: refund.id, status: 'manual' }));
    const told = (await s.sms('order', orderId)).filter((m) => m.channel === 'sms');
    expect(told.at(-1)).toMatchObject({
      recipient: '+265881234567',
      body: expect.stringContaining(
        `your refund for order ${order.number} cannot be sent back to the number you paid from`,
      ),
    });

    const tnm = await s.byHand(refund.id, { method: 'airtel_money', mobile: '0881111111' });
    expect(tnm.statusCode).toBe(400);
    expect(tnm.json().errors.mobile).toBe(NOT_AN_AIRTEL_NUMBER);
    expect((await s.byHand(refund.id, { method: 'airtel_money', mobile: '0991 555 444' })).statusCode).toBe(204);
    await s.t.payments.idle();
    expect((await s.t.app.inject({ url: `/api/v1/orders/${order.token}` })).json().payment.status).toBe('refunded');
    const sent = s.t.fake.requests.filter(
      (r) => r.path === '/mobile-money/payouts/initialize' && (r.body as { amount: string }).amount === '30000',
    );
    expect(sent.map((r) => (r.body as { mobile: string }).mobile)).toEqual(['0991555444']);
    expect((await s.sms('order', orderId)).filter((m) => m.channel === 'sms').at(-1)!.body).toContain(
      `the payment for order ${order.number} was refunded by Airtel Money to the number you gave`,
    );
    const refunds = (await s.ledger({ orderId })).filter((e) => e.kind === 'refund');
    expect(refunds).toEqual([expect.objectContaining({ direction: 'out', method: 'airtel_money', amount: 30_000 })]);
    // The Admin's retry has nothing to retry: the refund is done.
    const retry = await s.t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/refund`,
      headers: s.admin,
    });
    expect(retry.statusCode).toBe(409);
  });
});

describe.each(engines)('TNM Mpamba payouts through the bank-payout route [%s]', (engine) => {
  let s: Awaited<ReturnType<typeof setUp>>;

  beforeAll(async () => {
    s = await setUp(engine, 'bank');
    s.t.fake.state.tnmWithdrawals = false;
  });
  afterAll(() => s.t.close());

  it("sends them with TNM's bank_uuid and the wallet number, and reads them back under /direct-charge", async () => {
    s.t.fake.state.tnmWithdrawals = false;
    const { id } = await s.seller(40_000, '+265881234567');
    expect((await s.pay(id, 'tnm_mpamba')).statusCode).toBe(200);
    await s.t.payments.idle();
    const [payout] = await s.payouts(id);
    expect(s.t.fake.requests.find((r) => r.path === '/direct-charge/payouts/initialize')?.body).toEqual({
      payout_method: 'bank_transfer',
      bank_uuid: TNM_BANK_UUID,
      amount: '40000',
      charge_id: payout!.transfer_id,
      bank_account_name: expect.any(String),
      bank_account_number: '0881234567',
    });
    expect(payout!.status).toBe('pending');
    await s.t.poll();
    expect(s.t.fake.requests.at(-1)?.path).toBe(`/direct-charge/payouts/${payout!.transfer_id}/details`);
    expect((await s.payouts(id))[0]).toMatchObject({ status: 'paid' });
    expect(await s.ledger({ sellerRequestId: id })).toEqual([
      expect.objectContaining({ kind: 'seller_payout', method: 'tnm_mpamba', amount: 40_000 }),
      expect.objectContaining({ kind: 'fee', amount: 600 }),
    ]);
  });
});
