import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { createTestDb, type TestDb } from '../test/databases.js';
import { addProduct } from '../test/fixtures.js';
import { INTEREST_PER_MINUTE } from '../modules/products/routes.js';

const redisUrl = process.env.TEST_REDIS_URL;

// Two API processes behind a load balancer must share their rate-limit counters.
describe.skipIf(!redisUrl)('rate limits shared through Redis (TEST_REDIS_URL)', () => {
  let t: TestDb;
  let apps: FastifyInstance[];
  let productId: number;

  beforeAll(async () => {
    t = await createTestDb('sqlite');
    productId = await addProduct(t.db, { name: 'Shared Counter Phone' });
    const config = {
      env: 'test' as const,
      logLevel: 'silent',
      webDist: undefined,
      trustProxy: false as const,
      redisUrl,
    };
    apps = [await buildApp({ config, db: t.db, logger: false }), await buildApp({ config, db: t.db, logger: false })];
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await t.dispose();
  });

  it('counts requests to either instance against one limit', async () => {
    const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (let i = 0; i <= INTEREST_PER_MINUTE; i++) {
      const res = await apps[i % 2]!.inject({
        method: 'POST',
        url: `/api/v1/products/${productId}/interest`,
        payload: { visitor_id: `visitor-${String(i).padStart(12, '0')}` },
        remoteAddress: ip,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, INTEREST_PER_MINUTE).every((s) => s === 200)).toBe(true);
    expect(statuses[INTEREST_PER_MINUTE]).toBe(429);
  });
});
