import { NOT_A_WALLET_NUMBER, WRONG_NETWORK } from '@marketplace/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { engines } from '../../test/databases.js';
import { addProduct, addShop } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { expireDueOrders } from '../orders/service.js';
import { items, placeOrder } from '../orders/testing.js';
import { paymentsApp } from './testing-app.js';
import { insertTransfer, networkDisagrees } from '../ledger/repository/transfers.js';

// The network must agree with the number (docs/decisions/0081), on every path money takes: the charge at checkout,
// paying again, the refund on cancel, the late payment's refund, staff's refund retry (payouts: seller-payout.test).
describe.each(engines)('mobile money and the number’s network [%s]', (engine) => {
  let t: Awaited<ReturnType<typeof paymentsApp>>;
  let shopId: number;
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await paymentsApp(engine);
    shopId = await addShop(t.db, 'Network Shop');
    admin = (await signIn(t.app, t.db, 'Admin')).headers;
  });
  afterAll(() => t.close());
  beforeEach(() => {
    t.fake.state.mode = 'success';
  });

  let n = 0;
  /** A national number of the given prefix no other order of the run uses. */
  const fresh = (prefix: string) => `${prefix}${String(++n).padStart(7, '0')}`;
  async function order(payment: string, phone: string) {
    const id = await addProduct(t.db, { name: `Network item ${n}`, price: 60_000, shopId, images: 0 });
    return placeOrder(t.app, items(id), { payment, phone });
  }
  async function placed(payment: string, phone: string) {
    const res = await order(payment, phone);
    expect(res.statusCode, res.body).toBe(201);
    const { token, number } = res.json().orders[0] as { token: string; number: string };
    const row = await t.db.kysely
      .selectFrom('orders')
      .select('id')
      .where('number', '=', number)
      .executeTakeFirstOrThrow();
    return { token, number, id: row.id };
  }
  const transfers = (orderId: number) =>
    t.db.kysely
      .selectFrom('money_transfers')
      .select(['id', 'kind', 'status', 'method', 'mobile', 'network_override', 'transfer_id'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
  const pay = (token: string, payment: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1/orders/${token}/pay`, payload: { payment } });
  const read = async (token: string) => (await t.app.inject({ url: `/api/v1/orders/${token}` })).json();
  const phonesOrders = (phone: string) =>
    t.db.kysely
      .selectFrom('orders')
      .select('id')
      .where('phone', '=', `+265${phone.slice(1)}`)
      .execute();

  it('checkout charges a number only on its own network, and refuses mobile money for Access and landlines', async () => {
    for (const [payment, phone, message] of [
      ['tnm_mpamba', fresh('099'), WRONG_NETWORK.airtel_money],
      ['tnm_mpamba', fresh('098'), WRONG_NETWORK.airtel_money],
      ['airtel_money', fresh('088'), WRONG_NETWORK.tnm_mpamba],
      ['airtel_money', fresh('031'), WRONG_NETWORK.tnm_mpamba],
      ['airtel_money', fresh('077'), NOT_A_WALLET_NUMBER],
      ['tnm_mpamba', fresh('011'), NOT_A_WALLET_NUMBER],
    ] as const) {
      const res = await order(payment, phone);
      expect(res.statusCode, `${payment} ${phone}`).toBe(422);
      expect(res.json()).toMatchObject({ message, errors: { payment: message } });
      expect(await phonesOrders(phone)).toEqual([]);
    }
    const tnm = fresh('031');
    const paid = await placed('tnm_mpamba', tnm);
    expect(await transfers(paid.id)).toMatchObject([
      { kind: 'charge', method: 'tnm_mpamba', mobile: `+265${tnm.slice(1)}`, network_override: 0 },
    ]);
    // Paying at the shop needs no network.
    await placed('on_collection', fresh('077'));
  });

  it('paying again refuses the other network and a number of neither, and takes its own', async () => {
    const airtel = await placed('on_collection', fresh('099'));
    const wrong = await pay(airtel.token, 'tnm_mpamba');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ errors: { payment: WRONG_NETWORK.airtel_money } });
    expect(await transfers(airtel.id)).toEqual([]);
    const right = await pay(airtel.token, 'airtel_money');
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().payment).toMatchObject({ method: 'airtel_money', status: 'pending' });

    const access = await placed('on_collection', fresh('077'));
    const none = await pay(access.token, 'airtel_money');
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ message: NOT_A_WALLET_NUMBER, errors: { payment: NOT_A_WALLET_NUMBER } });
    expect((await read(access.token)).payment).toMatchObject({ method: 'on_collection', status: 'not_required' });
  });

  /**
   * A paid charge whose operator the prefix disputes (a ported number paid before this rule): the refund goes back to
   * the wallet the money came from, marked vouched by that charge.
   */
  async function paidFromPortedNumber() {
    const o = await placed('airtel_money', fresh('099'));
    const [charge] = await transfers(o.id);
    await t.event(charge!.transfer_id);
    await t.db.kysely
      .updateTable('money_transfers')
      .set({ method: 'tnm_mpamba' })
      .where('id', '=', charge!.id)
      .execute();
    await t.db.kysely.updateTable('orders').set({ payment: 'tnm_mpamba' }).where('id', '=', o.id).execute();
    expect((await read(o.token)).payment.status).toBe('paid');
    return { ...o, charge: charge! };
  }

  it("refunds a cancelled order's charge to the wallet it came from, whatever the prefix says", async () => {
    const o = await paidFromPortedNumber();
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/v1/orders/${o.token}/cancel` });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await t.payments.idle();
    await t.poll();
    expect((await read(o.token)).payment.status).toBe('refunded');
    expect((await transfers(o.id)).map((x) => [x.kind, x.status, x.method, x.network_override])).toEqual([
      ['charge', 'paid', 'tnm_mpamba', 0],
      ['refund', 'paid', 'tnm_mpamba', 1],
    ]);
  });

  it('a failed refund retried by staff still goes to that wallet', async () => {
    const o = await paidFromPortedNumber();
    await t.poll();
    t.fake.state.mode = 'payout-fails-once';
    await t.app.inject({ method: 'POST', url: `/api/v1/orders/${o.token}/cancel` });
    await t.payments.idle();
    await t.poll();
    expect((await transfers(o.id)).map((x) => `${x.kind} ${x.status}`)).toEqual(['charge paid', 'refund failed']);
    const retry = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${o.id}/refund`, headers: admin });
    expect(retry.statusCode, retry.body).toBe(200);
    await t.payments.idle();
    await t.poll();
    expect((await read(o.token)).payment.status).toBe('refunded');
    expect((await transfers(o.id)).map((x) => [x.kind, x.status, x.network_override])).toEqual([
      ['charge', 'paid', 0],
      ['refund', 'failed', 1],
      ['refund', 'paid', 1],
    ]);
  });

  it('a payment arriving after the order was cancelled is refunded to that wallet', async () => {
    t.fake.state.mode = 'pending';
    const o = await placed('airtel_money', fresh('098'));
    const [charge] = await transfers(o.id);
    await t.db.kysely
      .updateTable('money_transfers')
      .set({ method: 'tnm_mpamba' })
      .where('id', '=', charge!.id)
      .execute();
    t.clock.advance(15 * 60_000 + 1);
    await expireDueOrders(t.db, t.clock());
    expect((await read(o.token)).status).toBe('Cancelled');
    t.fake.state.mode = 'success';
    t.fake.settle(charge!.transfer_id, 'success');
    await t.event(charge!.transfer_id);
    await t.poll();
    expect((await read(o.token)).payment.status).toBe('refunded');
    expect((await transfers(o.id)).map((x) => [x.kind, x.status, x.method, x.network_override])).toEqual([
      ['charge', 'paid', 'tnm_mpamba', 0],
      ['refund', 'paid', 'tnm_mpamba', 1],
    ]);
  });

  it('the guard refuses any transfer nothing vouches for, wherever it comes from', async () => {
    const at = t.clock().toISOString();
    const o = await placed('on_collection', fresh('099'));
    const airtel = `+265${fresh('99')}`;
    const base = { order_id: o.id, amount: 1_000, status: 'starting', created_at: at } as const;
    const charge = { ...base, kind: 'charge', method: 'tnm_mpamba', mobile: airtel } as const;
    await expect(insertTransfer(t.db.kysely, charge)).rejects.toMatchObject({
      status: 422,
      message: networkDisagrees('tnm_mpamba', airtel),
    });
    // A number of neither network (Access) is refused too.
    const access = `+265${fresh('77')}`;
    await expect(
      insertTransfer(t.db.kysely, { ...charge, method: 'airtel_money', mobile: access }),
    ).rejects.toMatchObject({
      status: 422,
      message: `Not sent: ${access} is not an Airtel or TNM number, not Airtel Money.`,
    });

    // A refund goes back only to a wallet a charge was paid from: not for a charge that failed.
    const legacy = await insertTransfer(t.db.kysely, { ...charge, method: 'airtel_money', status: 'failed' });
    await t.db.kysely
      .updateTable('money_transfers')
      .set({ method: 'tnm_mpamba' })
      .where('id', '=', legacy.id)
      .execute();
    const refund = { ...base, kind: 'refund', refund_of: legacy.id, method: 'tnm_mpamba', mobile: airtel } as const;
    await expect(insertTransfer(t.db.kysely, refund)).rejects.toMatchObject({ status: 422 });
    await t.db.kysely.updateTable('money_transfers').set({ status: 'paid' }).where('id', '=', legacy.id).execute();
    expect(await insertTransfer(t.db.kysely, refund)).toMatchObject({ network_override: 1 });

    // A payout to a seller request nobody vouched for; staff's word lets it through.
    const payout = {
      ...base,
      order_id: null,
      kind: 'seller_payout',
      seller_request_id: 424_242,
      method: 'tnm_mpamba',
      mobile: airtel,
    } as const;
    await expect(insertTransfer(t.db.kysely, payout)).rejects.toMatchObject({ status: 422 });
    expect(await insertTransfer(t.db.kysely, { ...payout, network_override: 1 })).toMatchObject({
      network_override: 1,
    });
    expect((await transfers(o.id)).map((x) => x.kind)).toEqual(['charge', 'refund']);
  });
});
