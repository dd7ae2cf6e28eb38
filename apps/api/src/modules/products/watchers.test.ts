import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testClock, type TestApp } from '../../test/app.js';
import { WATCHER_COUNTS_LAG_MS } from '../../plugins/catalogue-cache.js';
import { engines } from '../../test/databases.js';
import { addProduct } from '../../test/fixtures.js';
import { WATCHERS_PER_ADDRESS_PER_DAY } from './routes.js';

// docs/decisions/0046: one address adds at most 3 watchers to a product per day, and watching leaves the
// catalogue version (every process's page cache) alone while the cached answers still show the right count.
describe.each(engines)('watchers [%s]', (engine) => {
  let t: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp(engine, { clock });
  });
  afterAll(() => t.close());

  const watch = (id: number, visitor: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/products/${id}/interest`,
      payload: { visitor_id: visitor },
      remoteAddress,
    });
  const product = async (id: number) => (await t.app.inject({ method: 'GET', url: `/api/v1/products/${id}` })).json();

  it('counts 3 of 120 calls from one address, and leaves the catalogue version unchanged', async () => {
    const id = await addProduct(t.db, { name: 'Watched Radio' });
    expect((await product(id)).watchers).toBe(0);
    const version = await t.db.catalogueVersion();
    const answers = [];
    for (let i = 0; i < 120; i++)
      answers.push((await watch(id, `flood-visitor-${String(i).padStart(6, '0')}`, '10.7.0.1')).json());
    expect(WATCHERS_PER_ADDRESS_PER_DAY).toBe(3);
    expect(answers.slice(0, 3)).toEqual([
      { watchers: 1, interested: true },
      { watchers: 2, interested: true },
      { watchers: 3, interested: true },
    ]);
    expect(answers[3]).toEqual({ watchers: 3, interested: true, counted: false });
    expect(answers[119]).toEqual({ watchers: 3, interested: true, counted: false });
    expect(await t.db.catalogueVersion()).toBe(version);
    // The cached answer (made before the watchers) keeps its count for up to a minute, then shows the new one;
    // the count alone is always now.
    expect((await product(id)).watchers).toBe(0);
    const now = await t.app.inject({ method: 'GET', url: `/api/v1/products/${id}/watchers` });
    expect(now.json()).toEqual({ watchers: 3 });
    expect(now.headers['cache-control']).toBe('no-cache');
    clock.advance(WATCHER_COUNTS_LAG_MS);
    expect((await product(id)).watchers).toBe(3);
    // Another address still counts.
    expect((await watch(id, 'other-address-visitor', '10.7.0.2')).json()).toEqual({ watchers: 4, interested: true });
  });

  it('groups IPv6 addresses by their /64', async () => {
    const id = await addProduct(t.db, { name: 'Watched Laptop' });
    const statuses = [];
    for (let i = 1; i <= 5; i++)
      statuses.push((await watch(id, `ipv6-visitor-${String(i).padStart(6, '0')}`, `2001:db8:5:7::${i}`)).json());
    expect(statuses.map((s) => s.watchers)).toEqual([1, 2, 3, 3, 3]);
    expect((await watch(id, 'ipv6-other-net-0001', '2001:db8:5:8::1')).json().watchers).toBe(4);
    // A visitor already counted stays counted past the limit.
    expect((await watch(id, 'ipv6-visitor-000001', '2001:db8:5:7::99')).json()).toEqual({
      watchers: 4,
      interested: true,
    });
  });

  it('keeps answers in the cache when only a count changes: those with counts for up to a minute, the others for good', async () => {
    const id = await addProduct(t.db, { name: 'Watched Fridge' });
    const towns = await t.app.inject({ method: 'GET', url: '/api/v1/products/towns' });
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/products?limit=50' });
    await watch(id, 'cache-visitor-000001', '10.7.0.9');
    // Within the minute, even the list with counts is still the cached one: taps do not empty the cache.
    const listedSoon = await t.app.inject({ method: 'GET', url: '/api/v1/products?limit=50' });
    expect(listedSoon.headers.etag).toBe(listed.headers.etag);
    clock.advance(WATCHER_COUNTS_LAG_MS);
    const townsAgain = await t.app.inject({
      method: 'GET',
      url: '/api/v1/products/towns',
      headers: { 'if-none-match': towns.headers.etag as string },
    });
    expect(townsAgain.statusCode).toBe(304);
    const listedAgain = await t.app.inject({ method: 'GET', url: '/api/v1/products?limit=50' });
    expect(listedAgain.headers.etag).not.toBe(listed.headers.etag);
    expect(listedAgain.json().products.find((p: { id: number }) => p.id === id).watchers).toBe(1);
  });
});
