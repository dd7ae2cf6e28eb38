import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, PG_DEFAULTS } from '../db/database.js';
import { buildTestApp, createTestApp, type TestApp } from '../test/app.js';
import { createTestDb, engines } from '../test/databases.js';
import { tcpProxy } from '../test/tcp-proxy.js';
import { addUser, login } from '../test/users.js';
import { nextIp, sell, sellForm } from '../modules/seller-requests/testing.js';
import { RETRY_AFTER_SECONDS, SERVICE_UNAVAILABLE, STORAGE_FULL } from './errors.js';

// docs/decisions/0012: a database that cannot be reached, a connection cut mid-request and a full
// disk each get a clear answer (503 with Retry-After, 507), /api/health says which, and the server keeps
// running and recovers by itself.

describe('a full disk (SQLite, its size capped with max_page_count)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('answers 507 to writes, keeps serving reads, reports it in health, and recovers when space returns', async () => {
    const { email } = await addUser(t.db, 'Admin');
    const { page_count } = (await sql<{ page_count: number }>`pragma page_count`.execute(t.db.kysely)).rows[0]!;
    await sql.raw(`pragma max_page_count = ${page_count}`).execute(t.db.kysely);

    // A photo of noise: it compresses badly, so storing it needs new pages.
    const noise = await sharp({
      create: {
        width: 600,
        height: 600,
        channels: 3,
        background: '#888',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    const submitted = await sell(t.app, [...sellForm(), ['images', noise, 'noise.png', 'image/png']]);
    expect(submitted.statusCode).toBe(507);
    expect(submitted.json()).toMatchObject({ status: 507, message: STORAGE_FULL });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/products' })).statusCode).toBe(200);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ message: 'Storage full', storage: 'full', database: 'sqlite' });

    await sql.raw('pragma max_page_count = 1073741823').execute(t.db.kysely);
    expect((await sell(t.app, sellForm())).statusCode).toBe(201);
    expect((await login(t.app, email, undefined, nextIp())).statusCode).toBe(200);
  });
});

describe.each(engines)('an unreachable database [%s]', (engine) => {
  it('answers 503 with Retry-After on every data route, and health says so', async () => {
    // A PostgreSQL nobody listens for, or a SQLite database already closed.
    const db =
      engine === 'postgres'
        ? openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none' })
        : (await createTestDb('sqlite')).db;
    if (engine === 'sqlite') await db.close();
    const app = await buildTestApp(db);
    try {
      for (const url of [
        '/api/v1/products',
        '/api/v1/products/1',
        '/api/v1/products/category/SmartPhones',
        '/api/v1/shops',
        '/api/admin/users',
      ]) {
        const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${'a'.repeat(43)}` } });
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
        expect(res.json()).toMatchObject({ status: 503, message: SERVICE_UNAVAILABLE });
      }
      const loginRes = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: 'a@b.mw', password: 'whatever-it-is' },
      });
      expect(loginRes.statusCode).toBe(503);
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ message: 'Database unreachable', database: 'unreachable' });
    } finally {
      await app.close();
      await db.close();
    }
  });
});

describe.runIf(engines.includes('postgres'))('a PostgreSQL connection cut during traffic', () => {
  it('never crashes the process: requests in flight get 503, later ones succeed again without a restart', async () => {
    const { db, url, dispose } = await createTestDb('postgres');
    const target = new URL(url!);
    const proxy = tcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    await proxy.listen();
    const viaProxy = new URL(url!);
    viaProxy.port = String(proxy.port);
    const proxied = openDatabase({ databaseUrl: viaProxy.toString() });
    // Stale catalogue answers off: every request here reaches the database (stale-if-error.test.ts has them on).
    const app = await buildTestApp(proxied, { staleIfErrorSeconds: 0 });
    const crashes: unknown[] = [];
    const onCrash = (error: unknown) => crashes.push(error);
    process.on('uncaughtException', onCrash);
    try {
      const get = () => app.inject({ method: 'GET', url: '/api/v1/products?limit=50' }).then((r) => r.statusCode);
      expect(await get()).toBe(200);

      // Traffic in flight while every connection is reset, several times over.
      const statuses: number[] = [];
      for (let round = 0; round < 5; round++) {
        const inFlight = Array.from({ length: 20 }, get);
        await new Promise((resolve) => setImmediate(resolve));
        proxy.cut();
        statuses.push(...(await Promise.all(inFlight)));
      }
      expect(
        statuses.every((s) => s === 200 || s === 503),
        statuses.join(','),
      ).toBe(true);

      // The proxy gone entirely (the database unreachable), then back: 503s, then 200s with no restart.
      // Connections that were idle when it went are found broken by the request that next uses them (a 503)
      // and dropped; after at most one per pooled connection, every request succeeds again.
      await proxy.close();
      expect(await get()).toBe(503);
      await proxy.listen();
      const recovery: number[] = [];
      while (recovery.at(-1) !== 200 && recovery.length <= PG_DEFAULTS.poolMax + 1) recovery.push(await get());
      expect(recovery.at(-1), recovery.join(',')).toBe(200);
      expect(await Promise.all(Array.from({ length: 20 }, get))).toEqual(Array(20).fill(200));
      expect(crashes).toEqual([]);
    } finally {
      process.off('uncaughtException', onCrash);
      await app.close();
      await proxied.close();
      await proxy.close();
      await db.close();
      await dispose();
    }
  });
});

describe.runIf(engines.includes('postgres'))('a PostgreSQL that stops answering without refusing', () => {
  it('fails requests with 503 within the query timeout instead of hanging, and recovers when it answers again', async () => {
    const { db, url, dispose } = await createTestDb('postgres');
    const target = new URL(url!);
    const proxy = tcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    await proxy.listen();
    const viaProxy = new URL(url!);
    viaProxy.port = String(proxy.port);
    // A statement timeout of 1 s: the client gives up 2 s after that.
    const proxied = openDatabase({ databaseUrl: viaProxy.toString(), postgres: { statementTimeoutMs: 1000 } });
    // Stale catalogue answers off: every request here reaches the database (stale-if-error.test.ts has them on).
    const app = await buildTestApp(proxied, { staleIfErrorSeconds: 0 });
    try {
      const get = () => app.inject({ method: 'GET', url: '/api/v1/products?limit=5' }).then((r) => r.statusCode);
      expect(await get()).toBe(200);
      proxy.blackHole(true);
      expect(await Promise.all([get(), get(), get()])).toEqual([503, 503, 503]);
      proxy.blackHole(false);
      const recovery: number[] = [];
      while (recovery.at(-1) !== 200 && recovery.length <= PG_DEFAULTS.poolMax + 1) recovery.push(await get());
      expect(recovery.at(-1), recovery.join(',')).toBe(200);
    } finally {
      await app.close();
      await proxied.close();
      await proxy.close();
      await db.close();
      await dispose();
    }
  }, 60_000);
});
