import { CONDITION_INVALID } from '@marketplace/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addCategory, addShop } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { multipartBody } from '../images/testing.js';
import { moveStatus, setCondition as setConditionAt } from './repository.js';
import { nextIp, sell, sellForm, staffCalls, submit } from './testing.js';

// docs/decisions/0029: the condition grade from the sell form, through the request (staff set or correct it)
// and add to inventory, to the product the public sees.
describe.each(engines)('condition grade of seller requests [%s]', (engine) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let shopId: number;
  let categoryId: number;
  let staff: ReturnType<typeof staffCalls>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    headers = (await signIn(t.app, t.db, 'Moderator')).headers;
    shopId = await addShop(t.db, 'Mzuzu Shop', { town: 'Mzuzu' });
    categoryId = await addCategory(t.db, 'SmartPhones');
    staff = staffCalls(t.app, headers);
  });
  afterAll(() => t.close());

  const setCondition = (id: number, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/seller-requests/${id}/condition`,
      headers,
      payload: payload as object,
    });
  const storedCondition = async (id: number) =>
    (await t.db.kysely.selectFrom('seller_requests').select('condition').where('id', '=', id).executeTakeFirstOrThrow())
      .condition;

  it('keeps the grade the seller chose on /sell and shows it to staff', async () => {
    const { id } = await submit(t.app, { condition: 'fair' });
    expect(await storedCondition(id)).toBe('fair');
    expect((await staff.detail(id)).condition).toBe('fair');
  });

  it('takes a submission without a grade (older clients) or with an empty one as not graded', async () => {
    const without = sellForm().filter(([name]) => name !== 'condition');
    const res = await sell(t.app, without);
    expect(res.statusCode).toBe(201);
    expect((await staff.detail(res.json().id)).condition).toBeNull();
    const { id } = await submit(t.app, { condition: '' });
    expect(await storedCondition(id)).toBeNull();
  });

  it('refuses an unknown grade with a 400 naming the four, and stores nothing', async () => {
    for (const bad of ['excellent', 'Like new', 'LIKE_NEW', 'good ', '1']) {
      const res = await sell(t.app, sellForm({ condition: bad }));
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'condition must be one of like_new, good, fair, for_parts',
        errors: { condition: CONDITION_INVALID },
      });
    }
  });

  it('takes the grade on the back-office form for a walk-in seller too', async () => {
    const body = await multipartBody(sellForm({ condition: 'for_parts', seller_name: 'Walk-in Seller' }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/seller-requests',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().condition).toBe('for_parts');
    const bad = await multipartBody(sellForm({ condition: 'broken' }));
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/seller-requests',
      headers: { ...headers, ...bad.headers },
      payload: bad.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ condition: 'condition must be one of like_new, good, fair, for_parts' });
  });

  it('lets staff set, correct and clear the grade, each with an audit entry', async () => {
    const { id, reference } = await submit(t.app, { condition: '' });
    const set = await setCondition(id, { condition: 'good' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ id, condition: 'good', status: 'Pending' });
    expect((await setCondition(id, { condition: 'fair' })).json().condition).toBe('fair');
    expect(await storedCondition(id)).toBe('fair');
    expect((await setCondition(id, { condition: null })).json().condition).toBeNull();
    // Saving what is stored already changes nothing and records nothing.
    expect((await setCondition(id, { condition: '' })).json().condition).toBeNull();
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('subject_type', '=', 'seller_request')
      .where('subject_id', '=', String(id))
      .where('action', 'like', '%condition%')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      `Seller request ${reference} PlayStation 4 Pro: condition Good (was not graded)`,
      `Seller request ${reference} PlayStation 4 Pro: condition Fair (was Good)`,
      `Seller request ${reference} PlayStation 4 Pro: condition not graded (was Fair)`,
    ]);
  });

  it('refuses a bad grade, a missing one and an unknown request; only staff may set it', async () => {
    const { id } = await submit(t.app, { condition: 'good' });
    for (const payload of [{ condition: 'mint' }, { condition: 3 }, {}]) {
      const res = await setCondition(id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe('condition must be one of like_new, good, fair, for_parts');
    }
    expect(await storedCondition(id)).toBe('good');
    expect((await setCondition(999_999, { condition: 'good' })).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/seller-requests/${id}/condition`,
      payload: { condition: 'fair' },
    });
    expect(anonymous.statusCode).toBe(401);
    const customer = await signIn(t.app, t.db, 'User');
    const forbidden = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/seller-requests/${id}/condition`,
      headers: customer.headers,
      payload: { condition: 'fair' },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(await storedCondition(id)).toBe('good');
  });

  it('moves the version, so a write that read the request before the grade changed is refused', async () => {
    const { id } = await submit(t.app, { condition: 'good' });
    const { version } = await t.db.kysely
      .selectFrom('seller_requests')
      .select('version')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await setCondition(id, { condition: 'like_new' });
    const now = new Date().toISOString();
    // A second member of staff still holding the old version changes nothing (the routes answer 409).
    expect(await setConditionAt(t.db.kysely, { id, version, condition: 'fair', now })).toBe(false);
    expect(await moveStatus(t.db.kysely, { id, version, status: 'Approved', offerExpiresAt: null, now })).toBe(false);
    expect(await storedCondition(id)).toBe('like_new');
  });

  it('gives the product made by add to inventory the grade staff last set, and the public sees it', async () => {
    const { id } = await submit(t.app, { condition: 'good' });
    await setCondition(id, { condition: 'like_new' });
    expect((await staff.approve(id)).statusCode).toBe(200);
    expect((await staff.offer(id)).statusCode).toBe(200);
    expect((await staff.recordAcceptance(id)).statusCode).toBe(200);
    const added = await staff.addToInventory(id, { shop_id: shopId, category_id: categoryId });
    expect(added.statusCode).toBe(200);
    const productId = added.json().product_id as number;

    const product = (await t.app.inject({ method: 'GET', url: `/api/v1/products/${productId}` })).json();
    expect(product).toMatchObject({ id: productId, condition: 'like_new', warranty_days: null, battery_health: null });
    const admin = (await t.app.inject({ method: 'GET', url: `/api/admin/products/${productId}`, headers })).json();
    expect(admin).toMatchObject({ condition: 'like_new', warranty_days: null, battery_health: null });

    // The product keeps its own grade: a later correction on the request does not reach it.
    await setCondition(id, { condition: 'fair' });
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/products/${productId}` })).json().condition).toBe(
      'like_new',
    );
  });

  it('adds a request that was never graded as a product not graded', async () => {
    const res = await sell(
      t.app,
      sellForm().filter(([name]) => name !== 'condition'),
    );
    const { id } = res.json();
    await staff.approve(id);
    await staff.offer(id);
    await staff.recordAcceptance(id);
    const added = await staff.addToInventory(id, { shop_id: shopId, category_id: categoryId });
    expect(added.statusCode).toBe(200);
    const product = (await t.app.inject({ method: 'GET', url: `/api/v1/products/${added.json().product_id}` })).json();
    expect(product.condition).toBeNull();
  });
});
