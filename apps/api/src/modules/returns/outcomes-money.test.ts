import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../db/database.js';
import { engines } from '../../test/databases.js';
import { addShop } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { transfersNeedingAttention } from '../ledger/index.js';
import { paymentsApp } from '../payments/testing-app.js';
import { receivedReturn } from './testing-outcomes.js';

// A return refunded by mobile money goes the way a cancel's refund goes (docs/decisions/0079, 0099): sent through
// the gateway to the paying number and recorded in the ledger once, when it settles; a TNM wallet the gateway cannot
// pay becomes a task for an Admin. Two staff refunding at once refund once.

/** The app with a fake PayChangu, a shop and a Moderator; `tnmWithdrawals` as the operator list says (read once). */
async function setUp(engine: Engine, tnmWithdrawals = true) {
  const t = await paymentsApp(engine);
  t.fake.state.tnmWithdrawals = tnmWithdrawals;
  const shopId = await addShop(t.db, 'Lilongwe Shop');
  const { headers } = await signIn(t.app, t.db, 'Moderator');
  return {
    t,
    shopId,
    refund: (id: number, payload: object = { method: 'original' }) =>
      t.app.inject({ method: 'POST', url: `/api/admin/returns/${id}/refund`, headers, payload }),
    ledger: (orderId: number) =>
      t.db.kysely
        .selectFrom('ledger_entries')
        .select(['kind', 'direction', 'method', 'amount'])
        .where('order_id', '=', orderId)
        .execute(),
    transfer: (id: number) =>
      t.db.kysely.selectFrom('money_transfers').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
  };
}

describe.each(engines)('a return refunded by mobile money [%s]', (engine) => {
  let s: Awaited<ReturnType<typeof setUp>>;

  beforeAll(async () => {
    s = await setUp(engine);
  });
  afterAll(() => s.t.close());
  beforeEach(() => {
    s.t.fake.state.mode = 'success';
  });

  it('sends the refund to the paying number and records it in the ledger once, when it is paid', async () => {
    const r = await receivedReturn(s.t.db, {
      shopId: s.shopId,
      paid: 'airtel_money',
      mobile: '+265991112233',
      price: 80_000,
    });
    const res = await s.refund(r.id);
    expect(res.statusCode, res.body).toBe(200);
    await s.t.payments.idle();
    const sent = await s.transfer(res.json().refund_transfer_id as number);
    expect(sent).toMatchObject({ kind: 'refund', status: 'paid', mobile: '+265991112233', amount: 80_000 });
    expect(s.t.fake.transfers.get(sent.transfer_id)).toMatchObject({ amount: 80_000 });
    await s.t.poll();
    expect((await s.ledger(r.orderId)).filter((e) => e.kind === 'refund')).toEqual([
      { kind: 'refund', direction: 'out', method: 'airtel_money', amount: 80_000 },
    ]);
  });

  it('sends a failed refund again, for the same amount, and records it once when paid', async () => {
    const r = await receivedReturn(s.t.db, { shopId: s.shopId, paid: 'airtel_money', price: 70_000 });
    s.t.fake.state.mode = 'failure';
    const first = await s.refund(r.id);
    expect(first.statusCode, first.body).toBe(200);
    await s.t.payments.idle();
    await s.t.poll();
    expect(await s.transfer(first.json().refund_transfer_id as number)).toMatchObject({ status: 'failed' });
    const attention = async () => (await transfersNeedingAttention(s.t.db.kysely, { limit: 100 })).map((row) => row.id);
    // Failed: the Money screen asks for it until the refund is sent again.
    expect(await attention()).toContain(first.json().refund_transfer_id);
    s.t.fake.state.mode = 'success';
    expect((await s.refund(r.id, { method: 'original', amount: 60_000 })).statusCode).toBe(422);
    const again = await s.refund(r.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().refund_transfer_id).not.toBe(first.json().refund_transfer_id);
    await s.t.payments.idle();
    await s.t.poll();
    expect(await s.transfer(again.json().refund_transfer_id as number)).toMatchObject({
      status: 'paid',
      amount: 70_000,
    });
    expect((await s.ledger(r.orderId)).filter((e) => e.kind === 'refund')).toEqual([
      { kind: 'refund', direction: 'out', method: 'airtel_money', amount: 70_000 },
    ]);
    // Paid now: nothing more to send, and nothing left to look at.
    expect((await s.refund(r.id)).statusCode).toBe(409);
    expect(await attention()).not.toContain(first.json().refund_transfer_id);
  });

  it('refunds once when two staff refund at once: one 200, one 409', async () => {
    const r = await receivedReturn(s.t.db, { shopId: s.shopId });
    const answers = await Promise.all([s.refund(r.id, { method: 'cash' }), s.refund(r.id, { method: 'cash' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await s.ledger(r.orderId)).toHaveLength(1);
  });
});

describe.each(engines)('a return refunded to a wallet the gateway cannot pay [%s]', (engine) => {
  let s: Awaited<ReturnType<typeof setUp>>;

  beforeAll(async () => {
    s = await setUp(engine, false);
  });
  afterAll(() => s.t.close());

  it('leaves a TNM refund the gateway cannot send to an Admin to pay by hand, nothing in the ledger yet', async () => {
    const r = await receivedReturn(s.t.db, { shopId: s.shopId, paid: 'tnm_mpamba', mobile: '+265881112233' });
    const res = await s.refund(r.id);
    expect(res.statusCode, res.body).toBe(200);
    await s.t.payments.idle();
    expect(await s.transfer(res.json().refund_transfer_id as number)).toMatchObject({
      status: 'manual',
      method: 'tnm_mpamba',
    });
    expect(await s.ledger(r.orderId)).toEqual([]);
  });
});
