import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, testClock } from '../test/app.js';
import { createTestDb, engines, type TestDb } from '../test/databases.js';
import { addCategory, addProduct } from '../test/fixtures.js';
import { items, placeOrder } from '../modules/orders/testing.js';
import { withOutage } from '../test/outage.js';
import { nextIp, sell, sellForm } from '../modules/seller-requests/testing.js';
import { DEFAULT_STALE_IF_ERROR_SECONDS } from './catalogue-cache.js';
import { RETRY_AFTER_SECONDS, SERVICE_UNAVAILABLE } from './errors.js';

// docs/decisions/0075: during a database outage the catalogue cache serves the answers it holds that were
// fresh at the last version read, marked stale, for at most STALE_IF_ERROR_SECONDS after that read; anything
// else (an answer not held, one out of date, a write) answers 503 as before.

const STALE_MS = DEFAULT_STALE_IF_ERROR_SECONDS * 1000;

describe.each(engines)('cached catalogue answers during a database outage [%s]', (engine) => {
  let t: TestDb;
  let app: FastifyInstance;
  let outage: ReturnType<typeof withOutage>;
  const clock = testClock(new Date('2026-05-04T10:00:00.000Z'));
  let productId: number;

  beforeAll(async () => {
    t = await createTestDb(engine);
    outage = withOutage(t.db);
    app = await buildTestApp(outage.db, { clock });
    productId = await addProduct(t.db, { name: 'Stale-proof Nokia' });
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });
  beforeEach(() => {
    outage.state.down = false;
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
  const expectUnavailable = (res: Awaited<ReturnType<typeof get>>, what: string) => {
    expect(res.statusCode, what).toBe(503);
    expect(res.headers['retry-after'], what).toBe(String(RETRY_AFTER_SECONDS));
    expect(res.json(), what).toMatchObject({ message: SERVICE_UNAVAILABLE });
  };

  it('serves the answers it holds, marked stale, while writes and answers it does not hold get 503', async () => {
    const list = '/api/v1/products?limit=4&offset=0';
    const one = `/api/v1/products/${productId}`;
    const fresh = { list: await get(list), one: await get(one) };
    expect(fresh.list.statusCode).toBe(200);
    expect(fresh.list.headers['x-cache']).toBeUndefined();

    outage.state.down = true;
    clock.advance(60_000);
    for (const [url, before] of [
      [list, fresh.list],
      [one, fresh.one],
      // Another spelling of the list: the miss path finds the entry by its normalised key.
      ['/api/v1/products?offset=0&limit=4', fresh.list],
    ] as const) {
      const stale = await get(url, { 'accept-encoding': 'gzip' });
      expect(stale.statusCode, url).toBe(200);
      expect(stale.headers['x-cache'], url).toBe('STALE');
      expect(stale.headers.warning, url).toBe('110 - "Response is Stale"');
      expect(stale.headers.etag, url).toBe(before.headers.etag);
      expect(stale.headers['content-encoding'], url).toBe('gzip');
      expect(stale.headers['x-content-type-options'], url).toBe('nosniff');
    }
    const notModified = await get(list, { 'if-none-match': String(fresh.list.headers.etag) });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers['x-cache']).toBe('STALE');

    expectUnavailable(await get('/api/v1/products?limit=5'), 'a list not held');
    expectUnavailable(await get('/api/admin/users', { authorization: `Bearer ${'a'.repeat(43)}` }), 'back-office');
    expectUnavailable(await sell(app, sellForm(), nextIp()), 'a submission');

    // Back: fresh answers again, not marked.
    outage.state.down = false;
    const back = await get(list);
    expect(back.statusCode).toBe(200);
    expect(back.headers['x-cache']).toBeUndefined();
    expect(back.headers.warning).toBeUndefined();
  });

  it('stops serving them STALE_IF_ERROR_SECONDS after the last version read', async () => {
    const url = '/api/v1/products?limit=3';
    expect((await get(url)).statusCode).toBe(200);
    outage.state.down = true;
    clock.advance(STALE_MS);
    expect((await get(url)).headers['x-cache']).toBe('STALE');
    clock.advance(1000);
    expectUnavailable(await get(url), 'past the stale window');
  });

  it('never serves an answer that was out of date before the outage', async () => {
    const url = '/api/v1/products?limit=2';
    expect((await get(url)).statusCode).toBe(200);
    // A catalogue write the held answer does not show, then any request reads the new version.
    await sql`update catalogue_version set version = version + 1 where id = 1`.execute(t.db.kysely);
    expect((await get('/api/v1/categories')).statusCode).toBe(200);
    outage.state.down = true;
    expectUnavailable(await get(url), 'out of date');
  });

  // docs/decisions/0089: a write drops only the answers showing what it changed, so everything else is still
  // served through an outage that follows it; an answer the write made out of date and nobody asked for since is not.
  it('serves the answers a write did not touch, and the ones made afresh after it, through an outage after writes', async () => {
    const [phones, laptops] = [await addCategory(t.db, 'Outage phones'), await addCategory(t.db, 'Outage laptops')];
    const phone = await addProduct(t.db, { name: 'Outage Tecno', categoryId: phones });
    const laptop = await addProduct(t.db, { name: 'Outage Lenovo', categoryId: laptops });
    const untouched = [`/api/v1/products/${laptop}`, '/api/v1/products/category/outage%20laptops?limit=20'];
    const phonesList = '/api/v1/products/category/outage%20phones?limit=20';
    for (const url of [...untouched, phonesList, `/api/v1/products/${phone}`])
      expect((await get(url)).statusCode).toBe(200);

    expect((await placeOrder(app, items(phone))).statusCode).toBe(201);
    // Its page asked for again after the reservation: made afresh, showing it.
    expect((await get(`/api/v1/products/${phone}`)).json().reserved).toBe(true);

    outage.state.down = true;
    for (const url of untouched) {
      const stale = await get(url);
      expect(stale.statusCode, url).toBe(200);
      expect(stale.headers['x-cache'], url).toBe('STALE');
    }
    const page = await get(`/api/v1/products/${phone}`);
    expect(page.headers['x-cache']).toBe('STALE');
    expect(page.json().reserved).toBe(true);
    // The phones list still shows the phone on sale, and nobody asked for it since: never served.
    expectUnavailable(await get(phonesList), 'a list the reservation made out of date');
  });
});
