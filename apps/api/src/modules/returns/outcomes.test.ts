import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addShop } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { receivedReturn, stockItem } from './testing-outcomes.js';

// A received return's outcomes (docs/decisions/0099): refunded the way the buyer paid, replaced from stock, the item
// back on the shelf, written off; Shop staff of another shop see nothing.

type Headers = { authorization: string };

describe.each(engines)('a return refunded, replaced, back on the shelf [%s]', (engine) => {
  let t: TestApp;
  let shopId: number;
  let otherShopId: number;
  let staff: Headers;
  let otherStaff: Headers;
  let staffId: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    shopId = await addShop(t.db, 'Lilongwe Shop');
    otherShopId = await addShop(t.db, 'Blantyre Shop', { town: 'Blantyre' });
    const clerk = await signIn(t.app, t.db, 'Shop staff', shopId);
    staff = clerk.headers;
    staffId = clerk.id;
    otherStaff = (await signIn(t.app, t.db, 'Shop staff', otherShopId)).headers;
  });
  afterAll(() => t.close());

  const post = (id: number, step: string, payload: object, headers: Headers = staff) =>
    t.app.inject({ method: 'POST', url: `/api/admin/returns/${id}/${step}`, headers, payload });
  const ledger = (orderId: number) =>
    t.db.kysely.selectFrom('ledger_entries').selectAll().where('order_id', '=', orderId).execute();
  const product = (id: number) =>
    t.db.kysely.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** The SMS about a return's order (each test's order has one return). */
  const sms = (r: { orderId: number }) =>
    t.db.kysely
      .selectFrom('outbox_messages')
      .select(['recipient', 'body'])
      .where('subject_type', '=', 'order')
      .where('subject_id', '=', r.orderId)
      .execute();

  it('refunds a return in full in cash: a ledger refund naming who paid, the buyer told, the item back in stock', async () => {
    const r = await receivedReturn(t.db, { shopId, receivedAs: 'fair' });
    const res = await post(r.id, 'refund', { method: 'cash' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'refunded',
      refund_amount: r.price,
      refund_method: 'cash',
      refund_transfer_id: null,
      product_id: r.productId,
    });
    expect(await ledger(r.orderId)).toEqual([
      expect.objectContaining({
        kind: 'refund',
        direction: 'out',
        method: 'cash',
        amount: r.price,
        shop_id: shopId,
        staff_id: staffId,
      }),
    ]);
    // Back on the shelf: stock again, unpublished, with the grade found at the counter.
    expect(await product(r.productId)).toMatchObject({ sold: 0, published: 0, condition: 'fair' });
    expect(await sms(r)).toEqual([
      { recipient: '+265991234567', body: expect.stringContaining('we refunded you MWK 200,000 in cash at the shop') },
    ]);
    const events = await t.db.kysely.selectFrom('return_events').selectAll().where('return_id', '=', r.id).execute();
    expect(events).toEqual([expect.objectContaining({ from_status: 'received', to_status: 'refunded', by: 'staff' })]);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('subject_type', '=', 'return')
      .where('subject_id', '=', String(r.id))
      .execute();
    expect(audit).toHaveLength(1);
  });

  it("refunds 'original' on an order paid at the counter in cash", async () => {
    const r = await receivedReturn(t.db, { shopId });
    const res = await post(r.id, 'refund', { method: 'original' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ refund_method: 'cash', refund_transfer_id: null });
    expect(await ledger(r.orderId)).toEqual([expect.objectContaining({ kind: 'refund', method: 'cash' })]);
  });

  it("refunds 'original' on a mobile-money order as a refund transfer to the paying number, not yet in the ledger", async () => {
    const r = await receivedReturn(t.db, { shopId, paid: 'airtel_money', mobile: '+265997654321' });
    const res = await post(r.id, 'refund', { method: 'original' });
    expect(res.statusCode, res.body).toBe(200);
    const transferId = res.json().refund_transfer_id as number;
    const transfer = await t.db.kysely
      .selectFrom('money_transfers')
      .selectAll()
      .where('id', '=', transferId)
      .executeTakeFirstOrThrow();
    expect(transfer).toMatchObject({
      kind: 'refund',
      order_id: r.orderId,
      method: 'airtel_money',
      mobile: '+265997654321',
      amount: r.price,
      status: 'starting',
      staff_id: staffId,
    });
    // Written when the gateway confirms it, as a cancel's refund is: nothing yet.
    expect(await ledger(r.orderId)).toEqual([]);
    expect((await sms(r))[0]!.body).toContain(
      'we are refunding you MWK 200,000 by Airtel Money to the number you paid from',
    );
  });

  it('refunds a warranty claim in part only with a reason, and never more than was paid', async () => {
    const r = await receivedReturn(t.db, { shopId, kind: 'warranty' });
    const partWithout = await post(r.id, 'refund', { method: 'cash', amount: 50_000 });
    expect(partWithout.statusCode).toBe(422);
    expect(partWithout.json().detail).toContain('reason');
    expect((await post(r.id, 'refund', { method: 'cash', amount: r.price + 1 })).statusCode).toBe(422);
    const part = await post(r.id, 'refund', {
      method: 'cash',
      amount: 50_000,
      reason: 'Screen scratched by the buyer',
    });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({ refund_amount: 50_000 });
    expect(await ledger(r.orderId)).toEqual([expect.objectContaining({ amount: 50_000 })]);
  });

  it('refuses a part refund of a return (422) and a refund of a return not received, or refunded already (409)', async () => {
    const r = await receivedReturn(t.db, { shopId });
    expect((await post(r.id, 'refund', { method: 'cash', amount: 1_000, reason: 'x' })).statusCode).toBe(422);
    expect((await post(r.id, 'refund', { method: 'cash' })).statusCode).toBe(200);
    const again = await post(r.id, 'refund', { method: 'cash' });
    expect(again.statusCode).toBe(409);
    expect(await ledger(r.orderId)).toHaveLength(1);
    const asked = await receivedReturn(t.db, { shopId });
    await t.db.kysely.updateTable('returns').set({ status: 'requested' }).where('id', '=', asked.id).execute();
    expect((await post(asked.id, 'replace', { product_id: r.productId })).statusCode).toBe(409);
  });

  it('refuses a replacement of another grade, price, model or shop, or not in stock (422)', async () => {
    const r = await receivedReturn(t.db, { shopId, soldAs: 'good' });
    const cases = [
      [await stockItem(t.db, { shopId, condition: 'fair' }), 'same condition grade'],
      [await stockItem(t.db, { shopId, price: 190_000 }), 'same price'],
      [await stockItem(t.db, { shopId, name: 'Samsung Galaxy A34' }), 'same model'],
      [await stockItem(t.db, { shopId: otherShopId }), 'same shop'],
      [await stockItem(t.db, { shopId, published: false }), 'in stock'],
    ] as const;
    for (const [productId, says] of cases) {
      const res = await post(r.id, 'replace', { product_id: productId });
      expect(res.statusCode, says).toBe(422);
      expect(res.json().detail).toContain(says);
    }
    expect((await post(r.id, 'replace', { product_id: 999_999 })).statusCode).toBe(422);
  });

  it('replaces a return by a new order line at no charge, the replacement sold and the returned item back in stock', async () => {
    const r = await receivedReturn(t.db, { shopId, soldAs: 'good', receivedAs: 'for_parts' });
    // Same model whatever the letters' case.
    const other = await stockItem(t.db, { shopId, name: 'SAMSUNG galaxy a54 ', condition: 'good' });
    const res = await post(r.id, 'replace', { product_id: other });
    expect(res.statusCode, res.body).toBe(200);
    const outcome = res.json();
    expect(outcome).toMatchObject({ status: 'replaced', replacement_product_id: other });
    const lines = await t.db.kysely
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', '=', r.orderId)
      .orderBy('id')
      .execute();
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ id: outcome.replacement_item_id, product_id: other, price: 0 });
    expect(lines[1]!.image).toEqual(expect.any(String));
    expect(await product(other)).toMatchObject({ sold: 1 });
    expect(await product(r.productId)).toMatchObject({ sold: 0, published: 0, condition: 'for_parts' });
    expect(await ledger(r.orderId)).toEqual([]);
    expect((await sms(r))[0]!.body).toContain('replaced by another SAMSUNG galaxy a54');
    // Sold now: it cannot replace another return.
    const next = await receivedReturn(t.db, { shopId });
    expect((await post(next.id, 'replace', { product_id: other })).statusCode).toBe(422);
    // The replacement coming back in turn: nothing was paid for its line, so nothing is refunded.
    await t.db.kysely
      .updateTable('returns')
      .set({ order_item_id: outcome.replacement_item_id })
      .where('id', '=', next.id)
      .execute();
    const free = await post(next.id, 'refund', { method: 'cash' });
    expect(free.statusCode).toBe(422);
    expect(free.json().detail).toContain('Nothing was paid');
  });

  it('writes off a returned item once refunded and unpublished: a product status with its reason, nothing in the ledger', async () => {
    const r = await receivedReturn(t.db, { shopId });
    expect((await post(r.id, 'write-off', { reason: 'Board dead' })).statusCode).toBe(409);
    await post(r.id, 'refund', { method: 'cash' });
    const before = (await ledger(r.orderId)).length;
    await t.db.kysely.updateTable('products').set({ published: 1 }).where('id', '=', r.productId).execute();
    expect((await post(r.id, 'write-off', { reason: 'Board dead' })).statusCode).toBe(409);
    await t.db.kysely.updateTable('products').set({ published: 0 }).where('id', '=', r.productId).execute();
    expect((await post(r.id, 'write-off', { reason: '  ' })).statusCode).toBe(400);
    const res = await post(r.id, 'write-off', { reason: 'Board dead' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().written_off_at).toEqual(expect.any(String));
    expect(await product(r.productId)).toMatchObject({ written_off_reason: 'Board dead', published: 0 });
    expect(await ledger(r.orderId)).toHaveLength(before);
    expect((await post(r.id, 'write-off', { reason: 'Again' })).statusCode).toBe(409);
  });

  it("answers another shop's Shop staff as if the return did not exist", async () => {
    const r = await receivedReturn(t.db, { shopId });
    for (const [step, payload] of [
      ['refund', { method: 'cash' }],
      ['replace', { product_id: r.productId }],
      ['write-off', { reason: 'x' }],
    ] as const) {
      const res = await post(r.id, step, payload, otherStaff);
      expect(res.statusCode, step).toBe(404);
    }
    expect((await post(999_999, 'refund', { method: 'cash' })).statusCode).toBe(404);
    expect(await ledger(r.orderId)).toEqual([]);
  });

  it("lists an item's sales and returns as its history, the replacement's sale at 0", async () => {
    const r = await receivedReturn(t.db, { shopId });
    const other = await stockItem(t.db, { shopId });
    expect((await post(r.id, 'replace', { product_id: other })).statusCode).toBe(200);
    const history = (id: number, headers: Headers = staff) =>
      t.app.inject({ url: `/api/admin/products/${id}/history`, headers });
    const returned = await history(r.productId);
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json()).toMatchObject({
      product_id: r.productId,
      written_off_at: null,
      sales: [{ order_id: r.orderId, order_status: 'Completed', price: r.price }],
      returns: [{ id: r.id, status: 'replaced', condition: 'fair' }],
    });
    expect((await history(other)).json()).toMatchObject({
      sales: [{ order_id: r.orderId, price: 0 }],
      returns: [],
    });
    expect((await history(r.productId, otherStaff)).statusCode).toBe(404);
    expect((await history(999_999)).statusCode).toBe(404);
  });
});
