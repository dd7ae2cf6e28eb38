import { PAYOUT_NOT_OFFERED, PAYOUT_ON_ITS_WAY, SELLER_ALREADY_PAID } from '@marketplace/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addCategory, addShop } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { paymentsApp } from '../payments/testing-app.js';
import { NOT_IN_STOCK } from './payout.js';
import { inStock, sellerCalls, staffCalls, submit } from './testing.js';

// Paying the seller once the item is in stock (docs/decisions/0053): cash at once, mobile money through the gateway.
describe.each(engines)('paying the seller [%s]', (engine) => {
  let t: Awaited<ReturnType<typeof paymentsApp>>;
  let admin: Record<string, string>;
  let moderator: Record<string, string>;
  let staff: ReturnType<typeof staffCalls>;
  let place: { shop_id: number; category_id: number };

  beforeAll(async () => {
    t = await paymentsApp(engine);
    admin = (await signIn(t.app, t.db, 'Admin')).headers;
    moderator = (await signIn(t.app, t.db, 'Moderator')).headers;
    staff = staffCalls(t.app, moderator);
    place = { shop_id: await addShop(t.db, 'Blantyre Shop'), category_id: await addCategory(t.db, 'Phones') };
  });
  afterAll(() => t.close());
  beforeEach(() => {
    t.fake.state.mode = 'success';
  });

  const pay = (id: number, payload: unknown, headers = admin) =>
    t.app.inject({ method: 'POST', url: `/api/admin/seller-requests/${id}/pay`, headers, payload: payload as object });
  const payouts = (id: number) =>
    t.db.kysely
      .selectFrom('money_transfers')
      .select(['status', 'method', 'amount', 'mobile', 'staff_id'])
      .where('seller_request_id', '=', id)
      .orderBy('id')
      .execute();
  const ledger = (id: number) =>
    t.db.kysely
      .selectFrom('ledger_entries')
      .select(['kind', 'direction', 'method', 'amount', 'shop_name', 'reference'])
      .where('seller_request_id', '=', id)
      .where('kind', '=', 'seller_payout')
      .execute();
  const sms = (id: number) =>
    t.db.kysely
      .selectFrom('outbox_messages')
      .select(['recipient', 'body'])
      .where('subject_type', '=', 'seller_request')
      .where('subject_id', '=', id)
      .where('body', 'like', '%we paid you%')
      .execute();
  const sellerView = async (token: string) => (await sellerCalls(t.app).view(token)).json();

  it('texts the receipt in Chichewa to a seller who filled the form in it', async () => {
    const { id, reference } = await inStock(t.app, staff, place);
    await t.db.kysely.updateTable('seller_requests').set({ language: 'ny' }).where('id', '=', id).execute();
    expect((await pay(id, { method: 'cash' })).statusCode).toBe(200);
    const receipt = await t.db.kysely
      .selectFrom('outbox_messages')
      .select('body')
      .where('subject_type', '=', 'seller_request')
      .where('subject_id', '=', id)
      .where('body', 'like', '%takulipirani%')
      .execute();
    expect(receipt).toEqual([
      {
        body: `Marketplace Malawi: takulipirani MWK 130,000 pa katundu wanu ${reference} ndalama m'manja ku kauntala. Zikomo pogulitsa nafe!`,
      },
    ]);
  });

  it('pays in cash at once: one ledger row, the SMS, and both views say who and when', async () => {
    const { id, reference, status_token } = await inStock(t.app, staff, place);
    const before = await staff.detail(id);
    expect(before.payout).toEqual({
      status: 'not_paid',
      method: null,
      amount: 130_000,
      reference: null,
      paid_at: null,
      paid_by: null,
    });

    // The amount is the buying price, whatever the client sends.
    const res = await pay(id, { method: 'cash', reference: ' RCPT-7 ', amount: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payout).toEqual({
      status: 'paid',
      method: 'cash',
      amount: 130_000,
      reference: 'RCPT-7',
      paid_at: t.clock().toISOString(),
      paid_by: 'Admin Tester',
    });
    expect(await ledger(id)).toEqual([
      {
        kind: 'seller_payout',
        direction: 'out',
        method: 'cash',
        amount: 130_000,
        shop_name: 'Blantyre Shop',
        reference: 'RCPT-7',
      },
    ]);
    expect(await sms(id)).toEqual([
      {
        recipient: '+265999123456',
        body: `Marketplace Malawi: we paid you MWK 130,000 for your item ${reference} in cash at the counter (ref RCPT-7). Thank you for selling with us!`,
      },
    ]);
    // The seller sees it without the staff member's name; a Moderator sees it all, read only.
    expect((await sellerView(status_token)).payout).toEqual({
      status: 'paid',
      method: 'cash',
      amount: 130_000,
      reference: 'RCPT-7',
      paid_at: t.clock().toISOString(),
    });
    expect((await staff.detail(id)).payout.paid_by).toBe('Admin Tester');

    const again = await pay(id, { method: 'airtel_money' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SELLER_ALREADY_PAID);
    expect(await payouts(id)).toHaveLength(1);
  });

  it("sends Airtel Money to the seller's phone; the poller confirms it and only then is it paid", async () => {
    t.fake.state.mode = 'pending';
    const { id, reference, status_token } = await inStock(t.app, staff, place);
    const res = await pay(id, { method: 'airtel_money' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payout).toMatchObject({ status: 'pending', method: 'airtel_money', amount: 130_000 });
    await t.payments.idle();
    const sent = t.fake.requests.filter((r) => r.path === '/mobile-money/payouts/initialize').at(-1);
    expect(sent?.body).toMatchObject({ amount: '130000', mobile: '0999123456' });
    expect((await sellerView(status_token)).payout).toMatchObject({ status: 'pending', method: 'airtel_money' });

    const twice = await pay(id, { method: 'cash' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(PAYOUT_ON_ITS_WAY);
    expect(await ledger(id)).toEqual([]);

    t.fake.state.mode = 'success';
    const [payout] = await t.db.kysely
      .selectFrom('money_transfers')
      .select('transfer_id')
      .where('seller_request_id', '=', id)
      .execute();
    t.fake.settle(payout!.transfer_id, 'success');
    await t.poll();
    expect((await staff.detail(id)).payout).toMatchObject({ status: 'paid', method: 'airtel_money', amount: 130_000 });
    expect(await ledger(id)).toMatchObject([{ kind: 'seller_payout', method: 'airtel_money', amount: 130_000 }]);
    expect((await sms(id))[0]?.body).toContain(`MWK 130,000 for your item ${reference} by Airtel Money (ref `);
    expect(await payouts(id)).toEqual([
      {
        status: 'paid',
        method: 'airtel_money',
        amount: 130_000,
        mobile: '+265999123456',
        staff_id: expect.any(Number),
      },
    ]);
  });

  it('shows a failed payout, keeps it, and a retry is a new payout', async () => {
    t.fake.state.mode = 'payout-fails-once';
    const { id } = await inStock(t.app, staff, place, 90_000);
    await t.db.kysely.updateTable('seller_requests').set({ phone: '+265881234567' }).where('id', '=', id).execute();
    expect((await pay(id, { method: 'tnm_mpamba' })).statusCode).toBe(200);
    await t.payments.idle();
    await t.poll();
    expect((await staff.detail(id)).payout).toMatchObject({ status: 'failed', method: 'tnm_mpamba' });
    expect(await sms(id)).toEqual([]);

    const retry = await pay(id, { method: 'tnm_mpamba' });
    expect(retry.statusCode, retry.body).toBe(200);
    await t.payments.idle();
    await t.poll();
    expect((await staff.detail(id)).payout).toMatchObject({ status: 'paid', method: 'tnm_mpamba', amount: 90_000 });
    expect((await payouts(id)).map((p) => p.status)).toEqual(['failed', 'paid']);
    expect(await ledger(id)).toHaveLength(1);
  });

  it('refuses bad input, an unknown request, an item not yet in stock, and Moderators', async () => {
    const { id } = await inStock(t.app, staff, place);
    const missing = await pay(id, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ method: 'Choose how the seller is paid' });
    expect((await pay(id, { method: 'bank' })).json().errors).toEqual({ method: 'Choose how the seller is paid' });
    expect((await pay(id, { method: 'cash', reference: 'x'.repeat(101) })).json().errors).toEqual({
      reference: 'Reference must be at most 100 characters',
    });
    expect((await pay(987654, { method: 'cash' })).statusCode).toBe(404);

    const fresh = await submit(t.app);
    const early = await pay(fresh.id, { method: 'cash' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(NOT_IN_STOCK);

    expect((await pay(id, { method: 'cash' }, moderator)).statusCode).toBe(403);
    expect(await payouts(id)).toEqual([]);
  });
});

describe.each(engines)('paying the seller without a gateway [%s]', (engine) => {
  it('refuses mobile money with 422 and still pays cash', async () => {
    const t = await createTestApp(engine);
    try {
      const admin = (await signIn(t.app, t.db, 'Admin')).headers;
      const staff = staffCalls(t.app, admin);
      const place = { shop_id: await addShop(t.db, 'Zomba Shop'), category_id: await addCategory(t.db, 'Laptops') };
      const { id } = await inStock(t.app, staff, place);
      const url = `/api/admin/seller-requests/${id}/pay`;
      const mobile = await t.app.inject({ method: 'POST', url, headers: admin, payload: { method: 'airtel_money' } });
      expect(mobile.statusCode).toBe(422);
      expect(mobile.json().message).toBe(PAYOUT_NOT_OFFERED);
      const cash = await t.app.inject({ method: 'POST', url, headers: admin, payload: { method: 'cash' } });
      expect(cash.json().payout).toMatchObject({ status: 'paid', method: 'cash', reference: null });
    } finally {
      await t.close();
    }
  });
});
