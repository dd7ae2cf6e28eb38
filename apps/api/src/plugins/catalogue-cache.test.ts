import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp, createTestApp, testClock } from '../test/app.js';
import { createTestDb, engines } from '../test/databases.js';
import { addProduct, addShop, feature } from '../test/fixtures.js';
import { signIn } from '../test/users.js';
import { items, placeOrder } from '../modules/orders/testing.js';
import { cacheKey, sharedReads, WATCHER_COUNTS_LAG_MS } from './catalogue-cache.js';
import { securityHeaders } from './security-headers.js';

// docs/decisions/0013: public catalogue answers come from a cache of pre-serialised, pre-compressed bodies,
// and a catalogue write is visible on the very next read, in any server process.

describe('the cache key', () => {
  it('puts the query in a fixed order', () => {
    expect(cacheKey('/api/v1/products?offset=0&limit=4')).toBe(cacheKey('/api/v1/products?limit=4&offset=0'));
    expect(cacheKey('/api/v1/products')).toBe('/api/v1/products');
    expect(cacheKey('/api/v1/products?search=a%20b')).not.toBe(cacheKey('/api/v1/products?search=a'));
  });

  it('keeps only the parameters a route declares, when it declares them', () => {
    const declared = new Set(['limit', 'offset']);
    expect(cacheKey('/api/v1/shops?pad=1&limit=4', declared)).toBe('/api/v1/shops?limit=4');
    expect(cacheKey('/api/v1/shops?pad=1&pad=2', declared)).toBe('/api/v1/shops');
    expect(cacheKey('/discover?pad=1')).toBe('/discover?pad=1');
  });
});

// A client that makes up URLs: before, each junk parameter made an entry (the process went from 150 MB to
// 403 MB in 10 s) and pushed every real entry out.
describe('a flood of made-up URLs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { publicCacheMb: 1 });
    for (let i = 0; i < 12; i++) await addProduct(t.db, { name: `Flood Phone ${i}`, description: 'x'.repeat(2000) });
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });

  it('adds nothing for parameters a route ignores, and the real entry stays', async () => {
    const real = await get('/api/v1/products?limit=12');
    const before = t.app.catalogueCacheBytes();
    for (let i = 0; i < 3000; i++) {
      const junk = await get(`/api/v1/products?limit=12&pad=${i}`);
      expect(junk.statusCode).toBe(200);
      if (i % 500 === 0) expect(junk.headers.etag).toBe(real.headers.etag);
    }
    expect(t.app.catalogueCacheBytes()).toBe(before);
  });

  it('stays within PUBLIC_CACHE_MB however many real URLs are asked for', async () => {
    for (let i = 0; i < 3000; i++)
      expect((await get(`/api/v1/products?limit=12&offset=${i % 3}&search=w${i}`)).statusCode).toBe(200);
    for (let i = 0; i < 300; i++)
      expect((await get(`/api/v1/products?limit=${1 + (i % 12)}&offset=${i}`)).statusCode).toBe(200);
    expect(t.app.catalogueCacheBytes()).toBeLessThanOrEqual(1024 * 1024);
    expect(t.app.catalogueCacheBytes()).toBeGreaterThan(512 * 1024);
  });
});

describe('version reads shared by waiting requests', () => {
  /** A read that resolves when the test says, counting how many were started. */
  function manualReads() {
    const pending: { resolve: (v: number) => void; reject: (e: Error) => void }[] = [];
    const read = sharedReads(() => new Promise<number>((resolve, reject) => void pending.push({ resolve, reject })));
    return { read, pending };
  }

  it('gives a request that arrives during a read the result of a read started after it, shared with the others waiting', async () => {
    const { read, pending } = manualReads();
    const first = read();
    const second = read();
    const third = read();
    expect(pending).toHaveLength(1);
    pending[0]!.resolve(1);
    expect(await first).toBe(1);
    await vi.waitFor(() => expect(pending).toHaveLength(2));
    pending[1]!.resolve(2);
    expect([await second, await third]).toEqual([2, 2]);
    expect(pending).toHaveLength(2);
    const later = read();
    expect(pending).toHaveLength(3);
    pending[2]!.resolve(3);
    expect(await later).toBe(3);
  });

  it('passes a failed read to its callers and starts afresh after it', async () => {
    const { read, pending } = manualReads();
    const failing = read();
    const waiting = read();
    pending[0]!.reject(new Error('database gone'));
    await expect(failing).rejects.toThrow('database gone');
    await vi.waitFor(() => expect(pending).toHaveLength(2));
    pending[1]!.resolve(7);
    expect(await waiting).toBe(7);
  });
});

describe.each(engines)('the public catalogue cache [%s]', (engine) => {
  let t: TestApp;
  const clock = testClock();
  let staff: Record<string, string>;
  let productId: number;
  beforeAll(async () => {
    t = await createTestApp(engine, { clock });
    staff = (await signIn(t.app, t.db, 'Admin')).headers;
    productId = await addProduct(t.db, { name: 'Cached Phone', price: 250_000 });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('answers the same URL from one entry, with a strong ETag, 304 when unchanged, and br or gzip as asked', async () => {
    const first = await get('/api/v1/products?limit=50&offset=0');
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(first.headers.vary).toContain('Accept-Encoding');

    const again = await get('/api/v1/products?offset=0&limit=50');
    expect(again.headers.etag).toBe(etag);
    expect(again.body).toBe(first.body);

    const unchanged = await get('/api/v1/products?limit=50&offset=0', { 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');

    const br = await get('/api/v1/products?limit=50&offset=0', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
    const gzip = await get('/api/v1/products?limit=50&offset=0', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(first.body);
  });

  it('answers a hit with every header a miss has: security headers, ETag, caching, type and length', async () => {
    const url = '/api/v1/products?limit=5&offset=0';
    const miss = await get(url, { 'accept-encoding': 'br' });
    const hit = await get(url, { 'accept-encoding': 'br' });
    for (const [name, value] of Object.entries(securityHeaders()))
      expect(hit.headers[name.toLowerCase()], name).toBe(value);
    for (const name of ['etag', 'cache-control', 'vary', 'content-type', 'content-encoding', 'content-length']) {
      expect(hit.headers[name], name).toBe(miss.headers[name]);
    }
    expect(Number(hit.headers['content-length'])).toBe(hit.rawPayload.length);
    expect(hit.rawPayload.equals(miss.rawPayload)).toBe(true);
    const notModified = await get(url, { 'if-none-match': hit.headers.etag as string });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers['content-security-policy']).toBe(securityHeaders()['Content-Security-Policy']);
    expect(notModified.headers.etag).toBe(hit.headers.etag);
    // HEAD is not answered from the cache, but still answered.
    expect((await t.app.inject({ method: 'HEAD', url })).statusCode).toBe(200);
  });

  it('shows a staff change on the very next read', async () => {
    const before = (await get(`/api/v1/products/${productId}`)).json();
    expect(before.price).toBe(250_000);
    const version = await t.db.catalogueVersion();
    await t.db.kysely.updateTable('products').set({ price: 240_000 }).where('id', '=', productId).execute();
    expect(await t.db.catalogueVersion()).toBeGreaterThan(version);
    expect((await get(`/api/v1/products/${productId}`)).json().price).toBe(240_000);

    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/admin/products/${productId}/unpublish`, headers: staff }))
        .statusCode,
    ).toBe(200);
    expect((await get(`/api/v1/products/${productId}`)).statusCode).toBe(404);
    expect(
      (await get('/api/v1/products?limit=50&offset=0')).json().products.map((p: { id: number }) => p.id),
    ).not.toContain(productId);
    await t.app.inject({ method: 'PUT', url: `/api/admin/products/${productId}/publish`, headers: staff });
    expect((await get(`/api/v1/products/${productId}`)).statusCode).toBe(200);
  });

  it('shows reservations, featured items and shops on the very next read, and interest within a minute', async () => {
    const shop = await addShop(t.db, 'Cache Shop', { town: 'Mzuzu' });
    const id = await addProduct(t.db, { name: 'Cache Console', shopId: shop });
    expect((await get(`/api/v1/products/${id}`)).json()).toMatchObject({ reserved: false, watchers: 0 });

    expect((await placeOrder(t.app, items(id))).statusCode).toBe(201);
    expect((await get(`/api/v1/products/${id}`)).json().reserved).toBe(true);

    await t.app.inject({
      method: 'POST',
      url: `/api/v1/products/${id}/interest`,
      payload: { visitor_id: 'visitor-cache-000001' },
    });
    expect((await get(`/api/v1/products/${id}`)).json().watchers).toBe(0);
    clock.advance(WATCHER_COUNTS_LAG_MS);
    expect((await get(`/api/v1/products/${id}`)).json().watchers).toBe(1);

    const featured = async () =>
      (await get('/api/v1/products/featured-products')).json().products.map((p: { id: number }) => p.id);
    expect(await featured()).not.toContain(id);
    await feature(t.db, id);
    expect(await featured()).toContain(id);

    const shops = async () => (await get('/api/v1/shops')).json().shops.map((s: { town: string }) => s.town);
    expect(await shops()).toContain('Mzuzu');
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/shops/${shop}`,
      headers: staff,
      payload: { name: 'Cache Shop', address: 'Road', town: 'Karonga', hours: '8-5' },
    });
    expect(await shops()).toContain('Karonga');
  });
});

describe('a cached answer whose version cannot be read', () => {
  // With stale answers off; with them on, the cached page is served marked stale (stale-if-error.test.ts).
  it('is a 503 carrying the security headers, never the cached page (STALE_IF_ERROR_SECONDS=0)', async () => {
    const { db, dispose } = await createTestDb('sqlite');
    const app = await buildTestApp(db, { staleIfErrorSeconds: 0 });
    try {
      const url = '/api/v1/shops';
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
      await db.close();
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(503);
      for (const [name, value] of Object.entries(securityHeaders()))
        expect(res.headers[name.toLowerCase()], name).toBe(value);
    } finally {
      await app.close();
      await dispose();
    }
  });
});

describe.runIf(engines.includes('postgres'))('two server processes on one PostgreSQL database', () => {
  it('never serves a page older than a write the other process acknowledged', async () => {
    const { db, connectAgain, dispose } = await createTestDb('postgres');
    const other = connectAgain();
    const reader = await buildTestApp(db);
    const writer = await buildTestApp(other);
    try {
      const staff = (await signIn(writer, other, 'Admin')).headers;
      const id = await addProduct(db, { name: 'Shared Phone', price: 100_000 });
      const status = async () => (await reader.inject({ method: 'GET', url: `/api/v1/products/${id}` })).statusCode;
      expect(await status()).toBe(200);
      expect(await status()).toBe(200);
      for (let round = 0; round < 3; round++) {
        for (const [action, expected] of [
          ['unpublish', 404],
          ['publish', 200],
        ] as const) {
          const res = await writer.inject({
            method: 'PUT',
            url: `/api/admin/products/${id}/${action}`,
            headers: staff,
          });
          expect(res.statusCode, res.body).toBe(200);
          expect(await status(), `${action} in round ${round}`).toBe(expected);
        }
      }
    } finally {
      await reader.close();
      await writer.close();
      await dispose();
    }
  });
});
