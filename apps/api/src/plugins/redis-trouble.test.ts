import net from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { Readiness } from '../modules/health/readiness.js';
import { INTEREST_PER_MINUTE } from '../modules/products/routes.js';
import { nextIp, sell, sellForm } from '../modules/seller-requests/testing.js';
import { createTestDb, type TestDb } from '../test/databases.js';
import { addProduct } from '../test/fixtures.js';
import { tcpProxy } from '../test/tcp-proxy.js';
import { addUser, login } from '../test/users.js';
import { redisWithFallback } from './rate-limit-store.js';

// docs/decisions/0012: with REDIS_URL set and Redis gone, rate-limited routes answered 500. Limits now fall
// back to this process's counters (logged once) and go back to Redis when it returns.

const config = (redisUrl: string) => ({
  env: 'test' as const,
  logLevel: 'silent',
  webDist: undefined,
  trustProxy: false as const,
  redisUrl,
});
const interest = (app: FastifyInstance, productId: number, i: number, ip: string) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/products/${productId}/interest`,
    payload: { visitor_id: `visitor-${String(i).padStart(12, '0')}` },
    remoteAddress: ip,
  });

describe('a Redis nobody answers', () => {
  let t: TestDb;
  let app: FastifyInstance;
  let productId: number;
  beforeAll(async () => {
    t = await createTestDb('sqlite');
    productId = await addProduct(t.db, { name: 'No Redis Phone' });
    app = await buildApp({ config: config('redis://127.0.0.1:1'), db: t.db, logger: false });
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  it('takes logins, submissions and interest, and still limits them, per process', async () => {
    const { email } = await addUser(t.db, 'Admin');
    expect((await login(app, email, undefined, nextIp())).statusCode).toBe(200);
    expect((await sell(app, sellForm())).statusCode).toBe(201);
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i <= INTEREST_PER_MINUTE; i++) statuses.push((await interest(app, productId, i, ip)).statusCode);
    expect(statuses.slice(0, INTEREST_PER_MINUTE)).toEqual(Array(INTEREST_PER_MINUTE).fill(200));
    expect(statuses.at(-1)).toBe(429);
  });
});

// Issue 36 (decision 0090): the start waited up to 2 s for Redis before it even listened. It now connects while
// the server listens and prepares the database, and is ready once Redis answered or the wait is over.
describe('a Redis slow to answer at start', () => {
  it('is waited for after the app is built, as a step of the start', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    const t = await createTestDb('sqlite');
    const readiness = new Readiness({ starting: true });
    const app = await buildApp({ config: config(`redis://127.0.0.1:${port}`), db: t.db, logger: false, readiness });
    try {
      const settled = readiness.settle().then(() => 'settled');
      expect(await Promise.race([settled, Promise.resolve('still waiting')])).toBe('still waiting');
      expect(readiness.reason()).toBe('Starting: Redis');
      expect(await settled).toBe('settled');
    } finally {
      // Gone rather than silent: the client's QUIT would wait for an answer forever.
      for (const socket of sockets) socket.destroy();
      silent.close();
      await app.close();
      await t.dispose();
    }
  });
});

describe('the fallback store', () => {
  it('logs an outage once and its end once, whatever the number of routes and calls', () => {
    const log = { warn: vi.fn(), info: vi.fn() } as unknown as FastifyBaseLogger;
    const redis = {
      status: 'ready',
      defineCommand: vi.fn(),
      rateLimit: vi.fn((...args: unknown[]) =>
        (args.at(-1) as (e: Error | null, r?: number[]) => void)(new Error('LOADING')),
      ),
    };
    const Store = redisWithFallback(redis as unknown as Redis, log, 'x-');
    const root = new Store({}) as unknown as { child: (o: unknown) => { incr: (...a: unknown[]) => void } };
    const routes = [
      root.child({ routeInfo: { method: 'POST', url: '/a' } }),
      root.child({ routeInfo: { method: 'POST', url: '/b' } }),
    ];
    const results: unknown[] = [];
    for (const route of routes)
      for (let i = 0; i < 3; i++) route.incr('1.2.3.4', (e: unknown, r: unknown) => results.push(e ?? r), 60_000, 5);
    expect(results).toHaveLength(6);
    expect(results.every((r) => typeof r === 'object' && r !== null && 'current' in r)).toBe(true);
    expect(log.warn).toHaveBeenCalledTimes(1);

    redis.rateLimit.mockImplementation((...args: unknown[]) =>
      (args.at(-1) as (e: Error | null, r?: number[]) => void)(null, [1, 60_000]),
    );
    for (const route of routes) route.incr('1.2.3.4', () => {}, 60_000, 5);
    expect(log.info).toHaveBeenCalledTimes(1);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('Redis going away and coming back (TEST_REDIS_URL, through a TCP proxy)', () => {
  let t: TestDb;
  let apps: FastifyInstance[];
  let productId: number;
  let direct: Redis;
  const proxy = tcpProxy({
    host: new URL(redisUrl ?? 'redis://127.0.0.1').hostname,
    port: Number(new URL(redisUrl ?? 'redis://127.0.0.1').port || 6379),
  });

  beforeAll(async () => {
    await proxy.listen();
    t = await createTestDb('sqlite');
    productId = await addProduct(t.db, { name: 'Flaky Redis Phone' });
    const url = `redis://127.0.0.1:${proxy.port}`;
    apps = [
      await buildApp({ config: config(url), db: t.db, logger: false }),
      await buildApp({ config: config(url), db: t.db, logger: false }),
    ];
    direct = new Redis(redisUrl!);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await proxy.close();
    direct.disconnect();
    await t.dispose();
  });

  const counted = async (ip: string) =>
    Number(
      (await direct.keys(`marketplace-rl-*${ip}`)).length > 0
        ? await direct.get((await direct.keys(`marketplace-rl-*${ip}`))[0]!)
        : 0,
    );

  it('keeps answering while Redis is gone, and shares the counters again once it is back', async () => {
    const ip = nextIp();
    expect((await interest(apps[0]!, productId, 1, ip)).statusCode).toBe(200);
    expect(await counted(ip)).toBe(1);

    await proxy.close();
    const during = nextIp();
    for (let i = 0; i < 4; i++) expect((await interest(apps[i % 2]!, productId, i, during)).statusCode).toBe(200);
    expect(await counted(during)).toBe(0);

    await proxy.listen();
    const after = nextIp();
    // ioredis reconnects by itself with a growing delay; within a few seconds both processes count in Redis again.
    let n = 0;
    await vi.waitFor(
      async () => {
        await interest(apps[n % 2]!, productId, n, after);
        n++;
        expect(await counted(after)).toBeGreaterThanOrEqual(2);
      },
      { timeout: 10_000, interval: 100 },
    );
  });
});
