import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEREST_PER_MINUTE } from '../modules/products/routes.js';
import { buildTestApp } from '../test/app.js';
import { createTestDb, type TestDb } from '../test/databases.js';
import { addProduct } from '../test/fixtures.js';
import type { TrustProxy } from '../config.js';

/** One more interest call than the per-minute limit allows, each from `from(i)`; their statuses in turn. */
async function interestStatuses(
  app: FastifyInstance,
  productId: number,
  from: (i: number) => { remoteAddress: string; headers?: Record<string, string> },
): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i <= INTEREST_PER_MINUTE; i++) {
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/products/${productId}/interest`,
      payload: { visitor_id: `visitor-${String(i).padStart(12, '0')}` },
      ...from(i),
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

// docs/decisions/0012: with TRUST_PROXY=true the left-most X-Forwarded-For entry (the client's own words)
// was the address, so sending a random one escaped every per-address limit.

describe.each<[string, TrustProxy, string]>([
  ['one proxy in front (hop count 1)', 1, '10.0.0.2'],
  ['a trusted proxy range', ['10.0.0.0/8'], '10.0.0.2'],
])('the client address behind %s', (_name, trustProxy, proxyAddress) => {
  let t: TestDb;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let productId: number;
  beforeAll(async () => {
    t = await createTestDb('sqlite');
    productId = await addProduct(t.db, { name: 'Proxy Phone' });
    app = await buildTestApp(t.db, { trustProxy });
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  it('is the entry the proxy appended: a client writing its own entries still hits the limit', async () => {
    const statuses = await interestStatuses(app, productId, (i) => ({
      remoteAddress: proxyAddress,
      // The client made up the first entry; the proxy appended the address it saw.
      headers: { 'x-forwarded-for': `198.51.100.${i}, 41.77.1.9` },
    }));
    expect(statuses.slice(0, INTEREST_PER_MINUTE)).toEqual(Array(INTEREST_PER_MINUTE).fill(200));
    expect(statuses.at(-1)).toBe(429);
  });

  it('is counted apart for another real client behind the same proxy', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/products/${productId}/interest`,
      payload: { visitor_id: 'visitor-other-client' },
      remoteAddress: proxyAddress,
      headers: { 'x-forwarded-for': '41.77.1.10' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('a request not from a trusted proxy', () => {
  it('is known by its own address, whatever X-Forwarded-For says', async () => {
    const t = await createTestDb('sqlite');
    const productId = await addProduct(t.db, { name: 'Direct Phone' });
    const app = await buildTestApp(t.db, { trustProxy: ['10.0.0.0/8'] });
    try {
      const statuses = await interestStatuses(app, productId, (i) => ({
        remoteAddress: '192.0.2.7',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      }));
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await app.close();
      await t.dispose();
    }
  });
});

// @fastify/rate-limit counts an IPv6 client by its /64 (its default), as the login counters do (address-group.ts).
describe('an IPv6 client', () => {
  it('is limited by its /64, not per address it owns', async () => {
    const t = await createTestDb('sqlite');
    const productId = await addProduct(t.db, { name: 'IPv6 Phone' });
    const app = await buildTestApp(t.db);
    try {
      const statuses = await interestStatuses(app, productId, (i) => ({
        remoteAddress: `2001:db8:5:6::${(i + 1).toString(16)}`,
      }));
      expect(statuses.slice(0, INTEREST_PER_MINUTE)).toEqual(Array(INTEREST_PER_MINUTE).fill(200));
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await app.close();
      await t.dispose();
    }
  });
});
