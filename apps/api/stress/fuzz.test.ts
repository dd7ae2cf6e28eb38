import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../src/test/app.js';
import { engines } from '../src/test/databases.js';
import { addCategory, addProduct, addShop } from '../src/test/fixtures.js';
import { addUser, login } from '../src/test/users.js';
import { items, placeOrder } from '../src/modules/orders/testing.js';
import { nextIp, submit } from '../src/modules/seller-requests/testing.js';
import { offerBody, offersApi } from '../src/modules/offers/testing.js';
import { fuzz, operationsOf, type FuzzContext, type OpenApiDocument } from './openapi-fuzz.js';

// The quick version of the stress suite's fuzzing (apps/api/stress/fuzz.mjs runs 20,000+): every
// operation of the OpenAPI document as anonymous, User, Moderator and Admin. FUZZ_SEED replays a run,
// FUZZ_REQUESTS sets the count, FUZZ_PRINT=1 prints the figures (statuses per operation).
const SEED = Number(process.env.FUZZ_SEED ?? 20260511);
// Four requests per operation by default (one per identity on average): a fixed count spread over a growing API
// left each operation fewer tries, and the share answered with a 2xx fell under the bar with new operations.
const PER_OPERATION = 4;

describe.each(engines)('fuzzing every operation [%s]', (engine) => {
  let t: TestApp;
  let ctx: FuzzContext;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const shop = await addShop(t.db, 'Fuzz Shop');
    const category = await addCategory(t.db, 'Fuzz Phones');
    const products = [];
    for (const name of ['Fuzz Phone', 'Fuzz Laptop', 'Fuzz Radio', 'Fuzz Solar Panel', 'Fuzz TV', 'Fuzz Tablet'])
      products.push(await addProduct(t.db, { name, shopId: shop, categoryId: category, images: 2 }));
    const orders = [await placeOrder(t.app, items(products[0]!)), await placeOrder(t.app, items(products[1]!))];
    const requests = [await submit(t.app, {}, 1), await submit(t.app, {}, 1), await submit(t.app, {}, 1)];
    // Offers on two items, so the offer routes (by token and by id) have something to find.
    const offers = [];
    for (const id of [products[2]!, products[3]!]) {
      const { price } = await t.db.kysely
        .selectFrom('products')
        .select('price')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const made = await offersApi(t.app).make(id, offerBody(Math.ceil(Number(price) * 0.9)));
      if (made.statusCode !== 201) throw new Error(`offer failed: ${made.body}`);
      offers.push(made.json().offer as { id: number; token: string });
    }
    const images = await t.db.kysely.selectFrom('images').select('filename').execute();
    ctx = {
      ids: [
        ...new Set([1, 2, 3, shop, category, ...products, ...requests.map((r) => r.id), ...offers.map((o) => o.id)]),
      ],
      tokens: [
        ...requests.map((r) => r.status_token),
        ...orders.map((o) => o.json().orders[0].token),
        ...offers.map((o) => o.token),
      ],
      imageNames: images.map((i) => i.filename),
      photo: await sharp({ create: { width: 40, height: 30, channels: 3, background: '#385' } })
        .png()
        .toBuffer(),
    };
  });
  afterAll(() => t.close());

  it(`answers ${PER_OPERATION} generated requests per operation without a 5xx or internals in a response (seed ${SEED})`, async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApiDocument;
    const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? PER_OPERATION * operationsOf(doc).length);
    const figures = await fuzz({
      doc,
      ctx,
      seed: SEED,
      count: REQUESTS,
      send: async (plan, token) => {
        const res = await t.app.inject({
          method: plan.method as 'GET',
          url: plan.url,
          headers: {
            ...plan.headers,
            ...((plan.authorization ?? token) ? { authorization: plan.authorization ?? `Bearer ${token}` } : {}),
          },
          remoteAddress: plan.client,
          ...(plan.body ? { payload: plan.body } : {}),
        });
        return { status: res.statusCode, body: res.body, headers: res.headers };
      },
      // A new user each time: the old one may have been deleted or demoted by the fuzzing itself.
      login: async (role) => {
        const user = await addUser(t.db, role);
        const res = await login(t.app, user.email, undefined, nextIp());
        if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
        return res.json().token as string;
      },
    });
    if (process.env.FUZZ_PRINT) console.log(JSON.stringify(figures, null, 1));
    const failures = JSON.stringify(figures.examples, null, 2);
    expect(figures.requests).toBe(REQUESTS);
    expect(figures.serverErrors, `5xx with FUZZ_SEED=${SEED}: ${failures}`).toBe(0);
    expect(figures.internalsLeaked, `internals shown with FUZZ_SEED=${SEED}: ${failures}`).toBe(0);
    for (const identity of ['anonymous', 'User', 'Moderator', 'Admin'] as const)
      expect(figures.byIdentity[identity]).toBeGreaterThan(REQUESTS / 8);
    // Valid-ish requests get past validation: most operations answer at least once with a 2xx.
    expect(figures.operationsAnswered2xx).toBeGreaterThan(figures.operations / 3);
  });
});
