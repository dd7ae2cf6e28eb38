import { IMEI_CHECK_DIGIT, IMEI_LENGTH, SAME_IMEI_TWICE, TOO_MANY_IMEIS } from '@marketplace/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addCategory, addProduct, addShop, feature } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { multipartBody } from '../images/testing.js';
import { staffCalls, submit } from '../seller-requests/testing.js';
import { nextImei, putDevice } from './testing.js';
import { NON_COMPLIANT_INVENTORY, NON_COMPLIANT_PUBLISH } from './service.js';

// docs/decisions/0057: IMEIs and the CEIR check at intake, the rules on duplicates and sold items, and privacy.
describe.each(engines)('device IMEI at intake [%s]', (engine) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let staff: ReturnType<typeof staffCalls>;
  let place: { shop_id: number; category_id: number };

  beforeAll(async () => {
    t = await createTestApp(engine);
    headers = (await signIn(t.app, t.db, 'Moderator')).headers;
    staff = staffCalls(t.app, headers);
    place = { shop_id: await addShop(t.db, 'Area 3 Shop'), category_id: await addCategory(t.db, 'SmartPhones') };
  });
  afterAll(() => t.close());

  const onRequest = (id: number, payload: unknown, h = headers) =>
    putDevice(t.app, { headers: h, item: 'seller-requests', id, payload });
  const onProduct = (id: number, payload: unknown, h = headers) =>
    putDevice(t.app, { headers: h, item: 'products', id, payload });
  const accepted = async (id: number) => {
    for (const res of [await staff.approve(id), await staff.offer(id), await staff.recordAcceptance(id)])
      expect(res.statusCode, res.body).toBe(200);
  };
  const productWith = async (imeis: string[], over: { sold?: boolean; name?: string } = {}) => {
    const id = await addProduct(t.db, { name: over.name ?? 'Samsung Galaxy A54', sold: over.sold ?? false });
    if (imeis.length > 0) expect((await onProduct(id, { imeis, ceir: 'compliant' })).statusCode).toBe(200);
    return id;
  };

  it('records up to two IMEIs, typed with spaces or dashes, and the CEIR result with who and when', async () => {
    const { id } = await submit(t.app);
    const [a, b] = [nextImei(), nextImei()];
    const typed = `${a.slice(0, 2)}-${a.slice(2, 8)} ${a.slice(8)}`;
    const res = await onRequest(id, { imeis: [typed, b], ceir: 'compliant' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().device).toMatchObject({
      imeis: [a, b],
      ceir: 'compliant',
      ceir_checked_by: 'Moderator Tester',
      alerts: [],
    });
    expect(res.json().device.ceir_checked_at).toMatch(/^\d{4}-/);
    // Back to not checked forgets who checked; no IMEIs is allowed (a tablet without a SIM slot).
    const cleared = await onRequest(id, { imeis: [], ceir: 'not_checked' });
    expect(cleared.json().device).toMatchObject({
      imeis: [],
      ceir: 'not_checked',
      ceir_checked_by: null,
      ceir_checked_at: null,
    });
  });

  it('refuses a wrong length, a wrong check digit, three IMEIs, one IMEI twice and an unknown CEIR result', async () => {
    const { id } = await submit(t.app);
    const good = nextImei();
    const wrongDigit = `${good.slice(0, 14)}${(Number(good[14]) + 1) % 10}`;
    const cases: [unknown, string][] = [
      [{ imeis: ['35693803564380'], ceir: 'compliant' }, IMEI_LENGTH],
      [{ imeis: ['35693803564380a'], ceir: 'compliant' }, IMEI_LENGTH],
      [{ imeis: [wrongDigit], ceir: 'compliant' }, IMEI_CHECK_DIGIT],
      [{ imeis: [nextImei(), nextImei(), nextImei()], ceir: 'compliant' }, TOO_MANY_IMEIS],
      [{ imeis: [good, good.replace(/^(\d{2})/, '$1 ')], ceir: 'compliant' }, SAME_IMEI_TWICE],
      [{ imeis: [good], ceir: 'blacklisted' }, 'ceir must be one of compliant, non_compliant, not_checked'],
    ];
    for (const [payload, message] of cases) {
      const res = await onRequest(id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await staff.detail(id)).device.imeis).toEqual([]);
  });

  it('lets Admins and Moderators record a device, nobody else', async () => {
    const { id } = await submit(t.app);
    const productId = await addProduct(t.db, { name: 'Tecno Spark 10' });
    const body = { imeis: [nextImei()], ceir: 'not_checked' };
    const user = (await signIn(t.app, t.db, 'User')).headers;
    const admin = (await signIn(t.app, t.db, 'Admin')).headers;
    expect((await onRequest(id, body, {})).statusCode).toBe(401);
    expect((await onRequest(id, body, user)).statusCode).toBe(403);
    expect((await onProduct(productId, body, user)).statusCode).toBe(403);
    expect((await onRequest(id, body, admin)).statusCode).toBe(200);
    expect((await onProduct(productId, { imeis: [nextImei()], ceir: 'compliant' }, admin)).statusCode).toBe(200);
    expect((await onRequest(999_999, body)).statusCode).toBe(404);
  });

  it('refuses an IMEI a product in stock holds, naming the product', async () => {
    const imei = nextImei();
    const productId = await productWith([imei]);
    const { id } = await submit(t.app);
    const res = await onRequest(id, { imeis: [imei], ceir: 'compliant' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`This IMEI is already on Samsung Galaxy A54 (product ${productId})`);
    // Another product is refused the same way; the product itself may save it again.
    const other = await addProduct(t.db, { name: 'Other phone' });
    expect((await onProduct(other, { imeis: [imei], ceir: 'not_checked' })).statusCode).toBe(409);
    expect((await onProduct(productId, { imeis: [imei], ceir: 'compliant' })).statusCode).toBe(200);
  });

  it('refuses an IMEI another open request holds, and takes one a rejected request held', async () => {
    const imei = nextImei();
    const first = await submit(t.app);
    expect((await onRequest(first.id, { imeis: [imei], ceir: 'not_checked' })).statusCode).toBe(200);
    const second = await submit(t.app);
    const refused = await onRequest(second.id, { imeis: [imei], ceir: 'not_checked' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `This IMEI is already on PlayStation 4 Pro (seller request ${first.reference})`,
    );
    expect((await staff.reject(first.id)).statusCode).toBe(200);
    expect((await onRequest(second.id, { imeis: [imei], ceir: 'not_checked' })).statusCode).toBe(200);
  });

  it('takes an IMEI of an item sold before, with an alert on the request', async () => {
    const imei = nextImei();
    const productId = await productWith([imei]);
    await t.db.kysely
      .updateTable('products')
      .set({ sold: 1, published: 0, updated_at: '2026-12-03T10:00:00.000Z' })
      .where('id', '=', productId)
      .execute();
    const { id } = await submit(t.app);
    const res = await onRequest(id, { imeis: [imei], ceir: 'compliant' });
    expect(res.statusCode).toBe(200);
    expect(res.json().device.alerts).toEqual([
      `This IMEI (${imei}) was on an item sold on 3 Dec: check the seller's story`,
    ]);
    expect((await staff.detail(id)).device.alerts).toHaveLength(1);
  });

  it('carries the device to the product on Add to Inventory, and the public reads only "checked"', async () => {
    const imei = nextImei();
    const { id } = await submit(t.app);
    await onRequest(id, { imeis: [imei], ceir: 'compliant' });
    await accepted(id);
    const added = await staff.addToInventory(id, place);
    expect(added.statusCode, added.body).toBe(200);
    const productId = added.json().product_id as number;
    const admin = (await t.app.inject({ method: 'GET', url: `/api/admin/products/${productId}`, headers })).json();
    expect(admin.device).toMatchObject({ imeis: [imei], ceir: 'compliant', ceir_checked_by: 'Moderator Tester' });
    const product = (await t.app.inject({ method: 'GET', url: `/api/v1/products/${productId}` })).json();
    expect(product.imei_checked).toBe(true);
    // The product in stock now holds the IMEI: a new request bringing it is refused.
    const next = await submit(t.app);
    expect((await onRequest(next.id, { imeis: [imei], ceir: 'compliant' })).statusCode).toBe(409);
  });

  it("moves the request's version, so an add to inventory that read the old record is refused", async () => {
    const { id } = await submit(t.app);
    const version = async () =>
      (await t.db.kysely.selectFrom('seller_requests').select('version').where('id', '=', id).executeTakeFirstOrThrow())
        .version;
    const before = await version();
    await onRequest(id, { imeis: [nextImei()], ceir: 'not_checked' });
    expect(await version()).toBe(before + 1);
  });

  it('keeps a non-compliant device out of inventory and off the storefront', async () => {
    const { id } = await submit(t.app);
    await onRequest(id, { imeis: [nextImei()], ceir: 'non_compliant' });
    await accepted(id);
    const refused = await staff.addToInventory(id, place);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(NON_COMPLIANT_INVENTORY);

    const productId = await productWith([nextImei()]);
    const saved = await onProduct(productId, { imeis: [nextImei()], ceir: 'non_compliant' });
    // A blacklisted phone leaves the storefront at once, and cannot be published again.
    expect(saved.json()).toMatchObject({ published: false, device: { ceir: 'non_compliant' } });
    const publish = await t.app.inject({ method: 'PUT', url: `/api/admin/products/${productId}/publish`, headers });
    expect(publish.statusCode).toBe(409);
    expect(publish.json().message).toBe(NON_COMPLIANT_PUBLISH);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/products/${productId}` })).statusCode).toBe(404);
  });

  it('takes the device on the create product form, with the same rules', async () => {
    const imei = nextImei();
    const create = async (over: Record<string, string>) => {
      const body = await multipartBody(
        Object.entries({
          item_name: 'Itel A70',
          description: 'Dual SIM',
          price: '150000',
          location: 'Lilongwe',
          category_id: String(place.category_id),
          shop_id: String(place.shop_id),
          published: 'true',
          ...over,
        }),
      );
      return t.app.inject({
        method: 'POST',
        url: '/api/admin/products/create',
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
    };
    const made = await create({ imeis: `${imei},`, ceir: 'compliant' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().device).toMatchObject({ imeis: [imei], ceir: 'compliant' });
    expect((await create({ imeis: imei, ceir: 'not_checked' })).statusCode).toBe(409);
    expect((await create({ imeis: nextImei(), ceir: 'non_compliant' })).json().message).toBe(NON_COMPLIANT_PUBLISH);
    const plain = await create({});
    expect(plain.json().device).toMatchObject({ imeis: [], ceir: 'not_checked' });
  });

  it('never puts an IMEI in a public answer', async () => {
    const imeis = [nextImei(), nextImei()];
    const productId = await productWith(imeis, { name: 'Huawei Y9' });
    await t.db.kysely
      .updateTable('products')
      .set({ category_id: place.category_id })
      .where('id', '=', productId)
      .execute();
    await feature(t.db, productId);
    const urls = [
      '/api/v1/products',
      `/api/v1/products/${productId}`,
      '/api/v1/products/featured-products',
      '/api/v1/products/category/SmartPhones',
      '/api/v1/products/suggestions?q=Huawei',
      `/api/v1/products?search=${imeis[0]}`,
    ];
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      // Walk every value of the answer: no IMEI, whole or in part, anywhere.
      const values: string[] = [];
      const walk = (v: unknown): void => {
        if (Array.isArray(v)) v.forEach(walk);
        else if (v && typeof v === 'object') Object.values(v).forEach(walk);
        else values.push(String(v));
      };
      walk(res.json());
      for (const imei of imeis) {
        expect(res.body, url).not.toContain(imei);
        expect(
          values.some((v) => v.includes(imei.slice(0, 8))),
          url,
        ).toBe(false);
      }
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/products/${productId}` })).json().imei_checked).toBe(
      true,
    );
  });

  it.runIf(engine === 'postgres')('lets exactly one of two staff saving one IMEI at once win (10 trials)', async () => {
    const other = (await signIn(t.app, t.db, 'Admin')).headers;
    for (let trial = 0; trial < 10; trial++) {
      const imei = nextImei();
      const [a, b] = [await submit(t.app), await submit(t.app)];
      const answers = await Promise.all([
        onRequest(a.id, { imeis: [imei], ceir: 'compliant' }),
        onRequest(b.id, { imeis: [imei], ceir: 'compliant' }, other),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const rows = await t.db.kysely.selectFrom('device_imeis').select('id').where('imei', '=', imei).execute();
      expect(rows).toHaveLength(1);
    }
  });
});
