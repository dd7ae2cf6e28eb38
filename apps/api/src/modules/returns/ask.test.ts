import {
  RETURN_ALREADY_OPEN,
  RETURN_ITEM_NOT_IN_ORDER,
  RETURN_NOT_COMPLETED,
  type Fulfilment,
} from '@marketplace/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testClock, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addCategory, addProduct, addShop } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { multipartBody } from '../images/testing.js';
import { ORDER_NOT_FOUND } from '../orders/index.js';
import { items, nextIp, placeOrder } from '../orders/testing.js';
import { RETURNS_PER_ADDRESS_HOUR } from './buyer-routes.js';
import { completeOrder, orderIdOf, returnsApi } from './testing-buyer.js';

const DAY = 86_400_000;
const T0 = new Date('2026-06-01T08:00:00.000Z');

describe.each(engines)('the buyer asks for a return or a warranty claim [%s]', (engine) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let shopId: number;
  let phones: number;
  const clock = testClock(T0);
  let api: ReturnType<typeof returnsApi>;

  beforeAll(async () => {
    t = await createTestApp(engine, { clock });
    headers = (await signIn(t.app, t.db, 'Moderator')).headers;
    shopId = await addShop(t.db, 'Lilongwe City Centre Shop');
    phones = await addCategory(t.db, 'Phones');
    api = returnsApi(t.app);
  });
  afterAll(() => t.close());
  beforeEach(() => clock.set(T0));

  const product = (over: { warranty?: number; categoryId?: number | null } = {}) =>
    addProduct(t.db, {
      name: `Returned ${Math.random().toString(36).slice(2, 8)}`,
      shopId,
      categoryId: over.categoryId === undefined ? phones : over.categoryId,
      images: 0,
    }).then(async (id) => {
      if (over.warranty !== undefined)
        await t.db.kysely.updateTable('products').set({ warranty_days: over.warranty }).where('id', '=', id).execute();
      return id;
    });

  /** An order of the products, placed and, unless `complete` is false, taken to Completed at the clock's time. */
  async function order(
    ids: number[],
    { fulfilment = 'collect', complete = true } = {} as {
      fulfilment?: Fulfilment;
      complete?: boolean;
    },
  ) {
    const where =
      fulfilment === 'delivery' ? { fulfilment, address: 'Plot 12, Area 47', area: 'Area 47' } : { fulfilment };
    const res = await placeOrder(t.app, items(...ids), where);
    if (res.statusCode !== 201) throw new Error(res.body);
    const placed = res.json().orders[0] as { number: string; token: string };
    const id = await orderIdOf(t.db, placed.number);
    if (complete) await completeOrder(t.app, t.db, headers, id);
    return { id, ...placed };
  }
  const ask = (productId: number, over: object = {}) => ({
    product_id: productId,
    kind: 'return',
    reason: 'not_as_described',
    note: 'The screen has a crack that the page did not show',
    ...over,
  });
  const smsOf = (returnId: number) =>
    t.db.kysely
      .selectFrom('outbox_messages')
      .select(['recipient', 'body', 'channel'])
      .where('subject_type', '=', 'return')
      .where('subject_id', '=', returnId)
      .execute();

  it('records a return within the window (201, requested), its history and audit, and SMSes the reference', async () => {
    const id = await product();
    const o = await order([id]);
    clock.advance(5 * DAY);
    const res = await api.ask(o.token, ask(id));
    expect(res.statusCode).toBe(201);
    const created = res.json().return;
    expect(created).toMatchObject({
      product_id: id,
      kind: 'return',
      reason: 'not_as_described',
      status: 'requested',
      refund_amount: null,
      refund_method: null,
      decline_reason: null,
      created_at: clock().toISOString(),
    });
    expect(created.reference).toMatch(/^R-[2-9A-HJKMNP-Z]{7}$/);
    const row = await t.db.kysely
      .selectFrom('returns')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ order_id: o.id, shop_id: shopId, how_back: null, version: 0 });
    expect(row.note).toBe('The screen has a crack that the page did not show');
    const events = await t.db.kysely
      .selectFrom('return_events')
      .selectAll()
      .where('return_id', '=', created.id)
      .execute();
    expect(events).toMatchObject([{ from_status: null, to_status: 'requested', by: 'buyer', user_id: null }]);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('subject_type', '=', 'return')
      .where('subject_id', '=', String(created.id))
      .execute();
    expect(audit[0]?.action).toMatch(new RegExp(`^Return ${created.reference} asked on order ${o.number}: `));
    const [sms] = await smsOf(created.id);
    expect(sms?.channel).toBe('sms');
    expect(sms?.body).toContain(`we have your return ${created.reference} for order ${o.number}.`);
    expect(sms?.body).toContain('Bring the item to Lilongwe City Centre Shop, Area 47, Lilongwe.');
    expect(sms?.body).toMatch(/http:\/\/localhost:3000\/order\/[\w-]{32}$/);
  });

  it('answers a second ask for the same item with a 409 while the first is open', async () => {
    const id = await product();
    const o = await order([id]);
    expect((await api.ask(o.token, ask(id))).statusCode).toBe(201);
    const again = await api.ask(o.token, ask(id, { kind: 'warranty', reason: 'not_working' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RETURN_ALREADY_OPEN);
  });

  it('lets one of two asks sent at once through and answers the other 409', async () => {
    const id = await product();
    const o = await order([id]);
    const answers = await Promise.all([api.ask(o.token, ask(id)), api.ask(o.token, ask(id))]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.db.kysely.selectFrom('returns').select('id').where('order_id', '=', o.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses an order that is not completed (422)', async () => {
    const id = await product();
    const o = await order([id], { complete: false });
    const res = await api.ask(o.token, ask(id));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(RETURN_NOT_COMPLETED);
  });

  it('refuses a return after the window, naming the last day, and takes a warranty claim then', async () => {
    const id = await product();
    const o = await order([id]);
    clock.advance(8 * DAY);
    const late = await api.ask(o.token, ask(id));
    expect(late.statusCode).toBe(422);
    expect(late.json()).toMatchObject({
      message: 'Returns of this item ended on 8 Jun 2026',
      code: 'return_window_ended',
      ended_at: '2026-06-08T08:00:00.000Z',
    });
    const claim = await api.ask(o.token, ask(id, { kind: 'warranty', reason: 'not_working' }));
    expect(claim.statusCode).toBe(201);
    expect(claim.json().return).toMatchObject({ kind: 'warranty', status: 'requested' });
  });

  it('keeps a warranty claim made within the return window a warranty claim', async () => {
    const id = await product();
    const o = await order([id]);
    const res = await api.ask(o.token, ask(id, { kind: 'warranty' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().return.kind).toBe('warranty');
  });

  it('refuses a warranty claim after the warranty with the day it ended, and one on an item without warranty', async () => {
    const stated = await product({ warranty: 90 });
    const o = await order([stated]);
    clock.advance(91 * DAY);
    const late = await api.ask(o.token, ask(stated, { kind: 'warranty' }));
    expect(late.statusCode).toBe(422);
    expect(late.json()).toMatchObject({ message: 'The warranty ended on 30 Aug 2026', code: 'warranty_ended' });

    clock.set(T0);
    const uncategorised = await product({ categoryId: null });
    const none = await order([uncategorised]);
    clock.advance(DAY);
    const refused = await api.ask(none.token, ask(uncategorised, { kind: 'warranty' }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ message: 'This item has no shop warranty', ended_at: null });
  });

  it("refuses another order's product (422) and answers an unknown link 404", async () => {
    const mine = await product();
    const other = await product();
    const o = await order([mine]);
    await order([other]);
    const res = await api.ask(o.token, ask(other));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(RETURN_ITEM_NOT_IN_ORDER);
    const unknown = await api.ask('x'.repeat(32), ask(mine));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(ORDER_NOT_FOUND);
  });

  it(`limits one address to ${RETURNS_PER_ADDRESS_HOUR} asks an hour`, async () => {
    const remoteAddress = nextIp();
    for (let i = 0; i < RETURNS_PER_ADDRESS_HOUR; i++)
      expect((await api.ask('y'.repeat(32), ask(1), remoteAddress)).statusCode).toBe(404);
    expect((await api.ask('y'.repeat(32), ask(1), remoteAddress)).statusCode).toBe(429);
  });

  it('refuses a body the schema refuses with a 400 naming the field', async () => {
    const id = await product();
    const o = await order([id]);
    const res = await api.ask(o.token, ask(id, { reason: 'changed_my_mind' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ reason: 'Choose what is wrong' });
  });

  it('keeps how a delivered item comes back, and tells the buyer the shop will call', async () => {
    const id = await product();
    const o = await order([id], { fulfilment: 'delivery' });
    const res = await api.ask(o.token, ask(id, { how_back: 'driver' }));
    expect(res.statusCode).toBe(201);
    const created = res.json().return;
    const row = await t.db.kysely
      .selectFrom('returns')
      .select('how_back')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.how_back).toBe('driver');
    expect((await smsOf(created.id))[0]?.body).toContain('The shop will call you to arrange collection by our driver.');
  });

  it('takes the ask as multipart with photos', async () => {
    const id = await product();
    const o = await order([id]);
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    const fields = Object.entries(ask(id)).map(([name, value]): [string, string] => [name, String(value)]);
    const body = await multipartBody([
      ...fields,
      ['photos', photo, 'a.jpg', 'image/jpeg'],
      ['photos', photo, 'b.jpg', 'image/jpeg'],
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${o.token}/returns`,
      headers: body.headers,
      payload: body.payload,
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(201);
    const images = await t.db.kysely
      .selectFrom('return_images')
      .select('position')
      .where('return_id', '=', res.json().return.id)
      .orderBy('position')
      .execute();
    expect(images.map((i) => i.position)).toEqual([0, 1]);
  });

  it("shows a completed order's windows and requests on its page, and nothing of them before completion", async () => {
    const stated = await product({ warranty: 90 });
    const plain = await product({ categoryId: null });
    const open = await order([await product()], { complete: false });
    expect((await api.view(open.token)).after_sale).toBeUndefined();

    const o = await order([stated, plain]);
    const asked = (await api.ask(o.token, ask(plain))).json().return;
    const view = await api.view(o.token);
    expect(view.status).toBe('Completed');
    expect(view.after_sale).toEqual({
      completed_at: T0.toISOString(),
      items: [
        { product_id: stated, return_until: '2026-06-08T08:00:00.000Z', warranty_until: '2026-08-30T08:00:00.000Z' },
        { product_id: plain, return_until: '2026-06-08T08:00:00.000Z', warranty_until: null },
      ],
      returns: [asked],
    });
  });
});

describe('the windows follow RETURN_DAYS and DEFAULT_WARRANTY_DAYS', () => {
  it('reads the settings: a 2-day return window and a 10-day default warranty', async () => {
    const clock = testClock(T0);
    const t = await createTestApp('sqlite', { clock, afterSale: { returnDays: 2, defaultWarrantyDays: 10 } });
    try {
      const headers = (await signIn(t.app, t.db, 'Moderator')).headers;
      const shopId = await addShop(t.db);
      const categoryId = await addCategory(t.db, 'Laptops');
      const id = await addProduct(t.db, { name: 'Short window laptop', shopId, categoryId, images: 0 });
      const placed = (await placeOrder(t.app, items(id))).json().orders[0];
      await completeOrder(t.app, t.db, headers, await orderIdOf(t.db, placed.number));
      const view = returnsApi(t.app);
      expect((await view.view(placed.token)).after_sale.items).toEqual([
        { product_id: id, return_until: '2026-06-03T08:00:00.000Z', warranty_until: '2026-06-11T08:00:00.000Z' },
      ]);
      clock.advance(3 * DAY);
      const late = await view.ask(placed.token, { product_id: id, kind: 'return', reason: 'other' });
      expect(late.json()).toMatchObject({ code: 'return_window_ended', ended_at: '2026-06-03T08:00:00.000Z' });
    } finally {
      await t.close();
    }
  });
});
