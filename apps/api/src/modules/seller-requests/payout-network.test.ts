import { PAYOUT_NOT_A_WALLET, PAYOUT_WRONG_NETWORK } from '@marketplace/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { engines } from '../../test/databases.js';
import { addCategory, addShop } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { paymentsApp } from '../payments/testing-app.js';
import { eraseEndedPersonalData } from '../personal-data/retention.js';
import { inStock, staffCalls } from './testing.js';

// Paying a seller by the network their number's prefix names, or by the other one only when staff vouch that the
// number was ported, audited (docs/decisions/0081).
describe.each(engines)('paying a seller on the number’s network [%s]', (engine) => {
  let t: Awaited<ReturnType<typeof paymentsApp>>;
  let admin: Record<string, string>;
  let adminId: number;
  let staff: ReturnType<typeof staffCalls>;
  let place: { shop_id: number; category_id: number };

  beforeAll(async () => {
    t = await paymentsApp(engine);
    const signedIn = await signIn(t.app, t.db, 'Admin');
    admin = signedIn.headers;
    adminId = signedIn.id;
    staff = staffCalls(t.app, (await signIn(t.app, t.db, 'Moderator')).headers);
    place = { shop_id: await addShop(t.db, 'Network Payout Shop'), category_id: await addCategory(t.db, 'Radios') };
  });
  afterAll(() => t.close());
  beforeEach(() => {
    t.fake.state.mode = 'success';
  });

  /** A request in stock whose seller gave `phone`. */
  async function sellerWith(phone: string) {
    const { id, reference } = await inStock(t.app, staff, place);
    await t.db.kysely.updateTable('seller_requests').set({ phone }).where('id', '=', id).execute();
    return { id, reference: reference as string };
  }
  const pay = (id: number, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/admin/seller-requests/${id}/pay`, headers: admin, payload });
  const payouts = (id: number) =>
    t.db.kysely
      .selectFrom('money_transfers')
      .select(['status', 'method', 'mobile', 'network_override'])
      .where('seller_request_id', '=', id)
      .orderBy('id')
      .execute();
  const audits = (reference: string) =>
    t.db.kysely
      .selectFrom('audit_log')
      .select(['actor_id', 'action'])
      .where('action', 'like', `Seller request ${reference}: %ported%`)
      .execute();

  it('refuses the other network unless staff vouch the number was ported, and audits who vouched for what', async () => {
    const { id, reference } = await sellerWith('+265881234567');
    const wrong = await pay(id, { method: 'airtel_money' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      message: PAYOUT_WRONG_NETWORK.tnm_mpamba,
      errors: { method: PAYOUT_WRONG_NETWORK.tnm_mpamba },
    });
    expect(await payouts(id)).toEqual([]);
    expect((await pay(id, { method: 'airtel_money', ported: 'yes' })).json().errors).toEqual({
      ported: 'ported must be true or false',
    });

    const vouched = await pay(id, { method: 'airtel_money', ported: true });
    expect(vouched.statusCode, vouched.body).toBe(200);
    await t.payments.idle();
    await t.poll();
    expect(await payouts(id)).toEqual([
      { status: 'paid', method: 'airtel_money', mobile: '+265881234567', network_override: 1 },
    ]);
    expect(await audits(reference)).toEqual([
      {
        actor_id: adminId,
        action: `Seller request ${reference}: +265881234567 paid by Airtel Money as a ported number`,
      },
    ]);
  });

  it('the audit forgets the number once the retention job erases the seller', async () => {
    const { id, reference } = await sellerWith('+265881234568');
    expect((await pay(id, { method: 'airtel_money', ported: true })).statusCode).toBe(200);
    await t.payments.idle();
    await t.poll();
    await t.db.kysely
      .updateTable('seller_requests')
      .set({ updated_at: '2020-01-01T00:00:00.000Z' })
      .where('id', '=', id)
      .execute();
    await eraseEndedPersonalData(t.db, t.clock(), 24);
    expect(await audits(reference)).toEqual([
      { actor_id: adminId, action: `Seller request ${reference}: [erased] paid by Airtel Money as a ported number` },
    ]);
  });

  it('a retry after a failed payout goes to the number and network staff vouched for, without vouching again', async () => {
    await t.poll();
    t.fake.state.mode = 'payout-fails-once';
    const { id, reference } = await sellerWith('+265991234567');
    expect((await pay(id, { method: 'tnm_mpamba', ported: true })).statusCode).toBe(200);
    await t.payments.idle();
    await t.poll();
    expect((await payouts(id)).map((p) => p.status)).toEqual(['failed']);
    const retry = await pay(id, { method: 'tnm_mpamba' });
    expect(retry.statusCode, retry.body).toBe(200);
    await t.payments.idle();
    await t.poll();
    expect(await payouts(id)).toEqual([
      { status: 'failed', method: 'tnm_mpamba', mobile: '+265991234567', network_override: 1 },
      { status: 'paid', method: 'tnm_mpamba', mobile: '+265991234567', network_override: 1 },
    ]);
    // Vouched once, by the first payout.
    expect(await audits(reference)).toHaveLength(1);
  });

  it('the number’s own network needs no vouching, and a tick on it records nothing', async () => {
    const { id, reference } = await sellerWith('+265311234567');
    expect((await pay(id, { method: 'tnm_mpamba', ported: true })).statusCode).toBe(200);
    expect(await payouts(id)).toMatchObject([{ method: 'tnm_mpamba', network_override: 0 }]);
    expect(await audits(reference)).toEqual([]);
  });

  it('an Access number is paid only when vouched; a landline never by mobile money', async () => {
    const access = await sellerWith('+265771234567');
    const refused = await pay(access.id, { method: 'airtel_money' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ method: PAYOUT_NOT_A_WALLET });
    expect((await pay(access.id, { method: 'airtel_money', ported: true })).statusCode).toBe(200);
    expect(await payouts(access.id)).toMatchObject([{ method: 'airtel_money', network_override: 1 }]);

    const landline = await sellerWith('+265111234567');
    for (const ported of [false, true]) {
      const res = await pay(landline.id, { method: 'tnm_mpamba', ported });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        method: "The seller's phone is not a Malawi mobile number: pay in cash at the counter.",
      });
    }
    expect(await payouts(landline.id)).toEqual([]);
    expect((await pay(landline.id, { method: 'cash' })).statusCode).toBe(200);
  });
});
