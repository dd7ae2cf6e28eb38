import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../db/startup.js';
import { buildTestApp, createTestApp, type TestApp } from '../../test/app.js';
import { createTestDb, engines } from '../../test/databases.js';
import { Readiness, type StartStep } from './readiness.js';

// GET /api/health/ready: whether a load balancer should send this process traffic, apart from
// GET /api/health, whether it is alive (decision 0074).
describe.each(engines)('readiness [%s]', (engine) => {
  let t: TestApp;
  const readiness = new Readiness();
  beforeAll(async () => {
    t = await createTestApp(engine, { readiness });
  });
  afterAll(() => t.close());

  const ready = () => t.app.inject({ method: 'GET', url: '/api/health/ready' });

  it('answers 200 when started, the database answers and storage takes writes', async () => {
    const res = await ready();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: engine, storage: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 while storage is full, and 200 again once the full disk is old news', async () => {
    const other = await createTestApp(engine);
    try {
      const at = Date.now();
      other.db.faults.note('full', at);
      const res = await other.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
      expect(res.json()).toMatchObject({ message: 'Storage full', ready: false, storage: 'full' });
      other.db.faults.note('full', at - 10 * 60_000);
      expect((await other.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('answers 503 when the database is gone', async () => {
    const other = await createTestApp(engine);
    await other.db.close();
    const res = await other.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ message: 'Database unreachable', ready: false, database: 'unreachable' });
    await other.close();
  });

  it('answers 503 once shutdown begins, while /api/health still says the process is alive', async () => {
    const draining = new Readiness();
    const app = await buildTestApp(t.db, { readiness: draining });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      draining.drain();
      const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ message: 'Shutting down', ready: false });
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      // Requests already sent are still served while draining.
      expect((await app.inject({ method: 'GET', url: '/api/v1/products' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers 503 naming each step of the start, refusing other routes meanwhile, and 200 once the start is done', async () => {
    // An empty database, as a first start has it: the server listens before it migrates.
    const { db, dispose } = await createTestDb(engine, { migrate: false });
    const starting = new Readiness({ starting: true });
    const app = await buildTestApp(db, { readiness: starting });
    try {
      const seen: { step: StartStep; status: number; message: string }[] = [];
      const products: number[] = [];
      const liveness: number[] = [];
      // At each step, what a balancer gets (the answers are read once the start is done).
      const answers: Promise<void>[] = [];
      const spy = {
        doing: (step: StartStep) => {
          starting.doing(step);
          const entry = { step, status: 0, message: '' };
          seen.push(entry);
          answers.push(
            app.inject({ method: 'GET', url: '/api/health/ready' }).then((res) => {
              entry.status = res.statusCode;
              entry.message = res.json().message;
            }),
          );
        },
      };
      // Before the first step: nothing but the health routes answers.
      const first = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(first.statusCode).toBe(503);
      expect(first.json()).toMatchObject({ message: 'Starting: preparing', ready: false });
      products.push((await app.inject({ method: 'GET', url: '/api/v1/products' })).statusCode);
      liveness.push((await app.inject({ method: 'GET', url: '/api/health' })).statusCode);

      await prepareDatabase(db, { demo: false }, spy);
      await Promise.all(answers);
      expect(seen.map((s) => s.step)).toEqual(['migrations', 'seed', 'search reindex']);
      // Each answer came while the start was still going: 503, naming a step of it.
      for (const s of seen) {
        expect(s.status).toBe(503);
        expect(s.message).toMatch(/^Starting: (migrations|seed|search reindex)$/);
      }
      expect(products).toEqual([503]);
      expect(liveness).toEqual([200]);

      starting.ready();
      expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/v1/products' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await dispose();
    }
  });

  it('names the step it is at', async () => {
    const starting = new Readiness({ starting: true });
    const app = await buildTestApp(t.db, { readiness: starting });
    try {
      for (const step of ['migrations', 'search reindex'] as const) {
        starting.doing(step);
        const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBeDefined();
        expect(res.json()).toMatchObject({ message: `Starting: ${step}`, ready: false });
        const other = await app.inject({ method: 'GET', url: '/api/v1/categories' });
        expect(other.statusCode).toBe(503);
        expect(other.headers['x-content-type-options']).toBe('nosniff');
      }
    } finally {
      await app.close();
    }
  });
});
