import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addCategory, addProduct, addShop } from '../../test/fixtures.js';
import { MOVING_SHOP_LOCKED } from '../admin-products/service.js';
import { multipartBody } from '../images/testing.js';
import { signIn } from '../../test/users.js';
import { items, placeOrder } from '../orders/testing.js';
import { NOT_MOVING, RESERVED_CANNOT_MOVE } from './service.js';

// docs/decisions/0062: moving an item between shops; not orderable on the way, fresh in public answers at once.
describe.each(engines)('moving stock between shops [%s]', (engine) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let admin: Record<string, string>;
  let lilongwe: number;
  let mzuzu: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    headers = (await signIn(t.app, t.db, 'Moderator')).headers;
    admin = (await signIn(t.app, t.db, 'Admin')).headers;
    lilongwe = await addShop(t.db, 'Area 3 Shop', { town: 'Lilongwe' });
    mzuzu = await addShop(t.db, 'Mzuzu Shop', { town: 'Mzuzu' });
  });
  afterAll(() => t.close());

  const product = (name: string) => addProduct(t.db, { name, shopId: lilongwe, images: 0 });
  const move = (id: number, shop_id: unknown, h = headers) =>
    t.app.inject({ method: 'POST', url: `/api/admin/products/${id}/move`, headers: h, payload: { shop_id } });
  const end = (id: number, step: 'receive' | 'cancel') =>
    t.app.inject({ method: 'POST', url: `/api/admin/products/${id}/move/${step}`, headers });
  const publicProduct = async (id: number) => (await t.app.inject(`/api/v1/products/${id}`)).json();
  const listed = async (id: number) =>
    ((await t.app.inject('/api/v1/products?limit=100')).json().products as { id: number }[]).find((p) => p.id === id);

  it('moves an item: in transit, not orderable, then received as the destination shop’s stock', async () => {
    const id = await product('Moving Galaxy A14');
    // Read first, so the catalogue cache holds the old answers: the move must show on the very next read.
    expect(await publicProduct(id)).toMatchObject({ in_transit: false, transit_town: null });
    expect(await listed(id)).toMatchObject({ in_transit: false });

    const res = await move(id, mzuzu);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().current).toMatchObject({
      state: 'in_transit',
      from_shop: { id: lilongwe, town: 'Lilongwe' },
      to_shop: { id: mzuzu, name: 'Mzuzu Shop', town: 'Mzuzu' },
      closed_at: null,
    });
    expect(await publicProduct(id)).toMatchObject({ in_transit: true, transit_town: 'Mzuzu', shop: { id: lilongwe } });
    expect(await listed(id)).toMatchObject({ in_transit: true, transit_town: 'Mzuzu' });

    // Refused with the checkout's conflict shape, like a reserved item.
    const order = await placeOrder(t.app, items(id));
    expect(order.statusCode).toBe(409);
    expect(order.json()).toMatchObject({ unavailable: [id], changed: [] });
    expect(order.json().message).toMatch(/Moving Galaxy A14 is on its way to another shop/);
    expect((await move(id, lilongwe)).statusCode).toBe(409);

    const received = await end(id, 'receive');
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().current).toBeNull();
    expect(received.json().history[0]).toMatchObject({ state: 'received', to_shop: { id: mzuzu } });
    expect(await publicProduct(id)).toMatchObject({
      in_transit: false,
      transit_town: null,
      shop: { id: mzuzu, town: 'Mzuzu' },
      location: 'Mzuzu',
    });
    expect((await placeOrder(t.app, items(id))).statusCode).toBe(201);

    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('subject_type', '=', 'product')
      .where('subject_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'Product Moving Galaxy A14 moving to Mzuzu Shop (Mzuzu)',
      'Product Moving Galaxy A14 received at Mzuzu Shop',
    ]);
  });

  it('cancels a move before it is received: the item stays where it was and is orderable again', async () => {
    const id = await product('Cancelled Tecno Spark');
    expect((await move(id, mzuzu)).statusCode).toBe(200);
    const res = await end(id, 'cancel');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().history.map((m: { state: string }) => m.state)).toEqual(['cancelled']);
    expect(await publicProduct(id)).toMatchObject({ in_transit: false, shop: { id: lilongwe } });
    // Nothing is open any more: neither step can run twice.
    for (const step of ['receive', 'cancel'] as const) {
      const again = await end(id, step);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(NOT_MOVING);
    }
    expect((await placeOrder(t.app, items(id))).statusCode).toBe(201);
  });

  it('refuses to move an item an open order reserves (409), a sold one, or to its own or a missing shop', async () => {
    const reserved = await product('Reserved Itel A70');
    expect((await placeOrder(t.app, items(reserved))).statusCode).toBe(201);
    const res = await move(reserved, mzuzu);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(RESERVED_CANNOT_MOVE);
    expect(await publicProduct(reserved)).toMatchObject({ in_transit: false });

    const sold = await addProduct(t.db, { name: 'Sold Nokia', shopId: lilongwe, sold: true, images: 0 });
    expect((await move(sold, mzuzu)).statusCode).toBe(409);
    const here = await product('Staying Redmi');
    expect((await move(here, lilongwe)).statusCode).toBe(422);
    expect((await move(here, 999_999)).statusCode).toBe(422);
    expect((await move(here, 'Mzuzu')).statusCode).toBe(400);
    expect((await move(999_999, mzuzu)).statusCode).toBe(404);
    const count = await t.db.kysely.selectFrom('stock_moves').select('id').where('product_id', '=', here).execute();
    expect(count).toHaveLength(0);
  });

  it('keeps a shop an item is on its way to, and lets a shop with only past moves be deleted', async () => {
    const karonga = await addShop(t.db, 'Karonga Shop', { town: 'Karonga' });
    const id = await product('Travelling Tecno Spark');
    expect((await move(id, karonga)).statusCode).toBe(200);
    const remove = () => t.app.inject({ method: 'DELETE', url: `/api/admin/shops/${karonga}`, headers: admin });
    expect((await remove()).statusCode).toBe(409);
    expect((await end(id, 'cancel')).statusCode).toBe(200);
    const removed = await remove();
    expect(removed.statusCode, removed.body).toBe(204);
  });

  it("keeps a moving item's shop for the move to change: the edit form cannot set another", async () => {
    const id = await product('Edited while moving');
    expect((await move(id, mzuzu)).statusCode).toBe(200);
    const category = await addCategory(t.db, `Moving things ${engine}`);
    const edit = async (shopId: number) => {
      const body = await multipartBody(
        Object.entries({
          name: 'Edited while moving',
          category_id: String(category),
          shop_id: String(shopId),
          location: 'Lilongwe',
          price: '150000',
          description: 'Still on the coach',
        }),
      );
      return t.app.inject({
        method: 'PUT',
        url: `/api/admin/products/${id}`,
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
    };
    const refused = await edit(mzuzu);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors.shop_id).toBe(MOVING_SHOP_LOCKED);
    const kept = await edit(lilongwe);
    expect(kept.statusCode, kept.body).toBe(200);
    // Still on its way (the edit unpublished it, as the form sent no `published`).
    const row = await t.db.kysely
      .selectFrom('products')
      .select(['shop_id', 'transit_shop_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ shop_id: lilongwe, transit_shop_id: mzuzu });
  });

  it('is for staff only: a buyer is refused', async () => {
    const id = await product('Guarded Infinix');
    expect((await move(id, mzuzu, {})).statusCode).toBe(401);
    const buyer = (await signIn(t.app, t.db, 'User')).headers;
    expect((await move(id, mzuzu, buyer)).statusCode).toBe(403);
    expect((await move(id, mzuzu, admin)).statusCode).toBe(200);
  });

  it('keeps Shop staff to moves that leave or reach their shop: the sender sends, the receiver receives', async () => {
    const zomba = await addShop(t.db, 'Zomba Shop', { town: 'Zomba' });
    const [sender, receiver, bystander] = [
      (await signIn(t.app, t.db, 'Shop staff', lilongwe)).headers,
      (await signIn(t.app, t.db, 'Shop staff', mzuzu)).headers,
      (await signIn(t.app, t.db, 'Shop staff', zomba)).headers,
    ];
    const as = (h: Record<string, string>, step: string, id: number) =>
      t.app.inject({ method: 'POST', url: `/api/admin/products/${id}/move/${step}`, headers: h });
    const moving = async (h: Record<string, string>) =>
      ((await t.app.inject({ url: '/api/admin/moves', headers: h })).json().moves as { product_id: number }[]).map(
        (m) => m.product_id,
      );
    const id = await product('Shop staff Tecno');
    // Only the holding shop's staff send it.
    expect((await move(id, zomba, receiver)).statusCode).toBe(404);
    expect((await move(id, mzuzu, sender)).statusCode).toBe(200);
    // Both ends see it on the road; a third shop neither sees nor touches it.
    expect(await moving(sender)).toContain(id);
    expect(await moving(receiver)).toContain(id);
    expect(await moving(bystander)).not.toContain(id);
    expect(await moving(headers)).toContain(id);
    for (const step of ['receive', 'cancel']) expect((await as(bystander, step, id)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/admin/products/${id}/moves`, headers: receiver })).statusCode).toBe(200);
    // The sender cannot say it arrived; the receiver does, and it becomes their stock.
    expect((await as(sender, 'receive', id)).statusCode).toBe(404);
    const received = await as(receiver, 'receive', id);
    expect(received.statusCode, received.body).toBe(200);
    expect((await t.app.inject({ url: `/api/admin/products/${id}`, headers: receiver })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/admin/products/${id}`, headers: sender })).statusCode).toBe(404);
    expect(await moving(receiver)).not.toContain(id);
    // Either end may call a move off.
    const back = await product('Called off Itel');
    expect((await move(back, mzuzu, sender)).statusCode).toBe(200);
    expect((await as(receiver, 'cancel', back)).statusCode).toBe(200);
    expect((await publicProduct(back)).in_transit).toBe(false);
  });

  it("lets the holding shop's staff answer requests for its items, and no other shop's", async () => {
    const [holder, asked] = [
      (await signIn(t.app, t.db, 'Shop staff', lilongwe)).headers,
      (await signIn(t.app, t.db, 'Shop staff', mzuzu)).headers,
    ];
    const id = await product('Asked-for Oppo');
    const ask = await t.app.inject({
      method: 'POST',
      url: `/api/v1/products/${id}/transfer-requests`,
      payload: { buyer_name: 'Chisomo Banda', phone: '0991234567', shop_id: mzuzu },
      remoteAddress: '10.77.0.1',
    });
    expect(ask.statusCode, ask.body).toBe(202);
    const list = async (h: Record<string, string>) =>
      (await t.app.inject({ url: '/api/admin/transfer-requests', headers: h })).json().transfer_requests as {
        id: number;
        product_id: number;
      }[];
    const request = (await list(holder)).find((r) => r.product_id === id);
    expect(request).toBeDefined();
    // The destination shop does not answer for an item another shop holds.
    expect((await list(asked)).some((r) => r.product_id === id)).toBe(false);
    const url = `/api/admin/transfer-requests/${request!.id}/accept`;
    expect((await t.app.inject({ method: 'POST', url, headers: asked })).statusCode).toBe(404);
    const accepted = await t.app.inject({ method: 'POST', url, headers: holder });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await publicProduct(id)).transit_town).toBe('Mzuzu');
  });
});
