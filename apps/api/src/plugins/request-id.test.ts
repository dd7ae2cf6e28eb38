import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestDb, engines, type TestDb } from '../test/databases.js';

// docs/decisions/0075: one id per request, the balancer's when it sends a sane one, in every log line of the
// request, every error answer and the X-Request-Id header, cached answers (reply.hijack()) included.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(engines)('request ids [%s]', (engine) => {
  let t: TestDb;
  let app: FastifyInstance;
  const lines: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    t = await createTestDb(engine);
    app = await buildApp({
      // Behind one balancer, whose X-Request-Id is taken.
      config: { env: 'test', logLevel: 'info', webDist: undefined, trustProxy: 1 },
      db: t.db,
      logStream: { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  const get = (url: string, id?: string) =>
    app.inject({ method: 'GET', url, headers: id === undefined ? {} : { 'x-request-id': id } });

  it("takes the balancer's id, echoes it, and writes it in every log line of the request", async () => {
    const id = 'f3b1c2d4e5a6978812345678abcdef01';
    const answer = await get('/api/v1/categories', id);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-request-id']).toBe(id);
    const mine = lines.filter((l) => l.reqId === id);
    // Fastify's "incoming request" and "request completed", at least.
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(lines.filter((l) => JSON.stringify(l).includes(id)).every((l) => l.reqId === id)).toBe(true);
  });

  it('makes its own id when the balancer sends none, or one that is too long or holds other characters', async () => {
    for (const sent of [undefined, '', 'a'.repeat(129), 'two words', 'x"y', 'line\tbreak', 'ünïcode']) {
      const answer = await get('/api/v1/categories', sent);
      expect(answer.headers['x-request-id'], String(sent)).toMatch(UUID);
    }
    const a = await get('/api/v1/categories');
    const b = await get('/api/v1/categories');
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    expect(lines.some((l) => l.reqId === a.headers['x-request-id'])).toBe(true);
  });

  it('is in the body and header of error answers: not found, a refused request, a bad body', async () => {
    const notFound = await get('/api/v1/no-such-thing', 'nf-1');
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['x-request-id']).toBe('nf-1');
    expect(notFound.json()).toMatchObject({ status: 404, request_id: 'nf-1' });

    const refused = await get('/api/admin/users', 'auth-1');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ request_id: 'auth-1' });
    expect(refused.headers['x-request-id']).toBe('auth-1');

    const badBody = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json', 'x-request-id': 'json-1' },
      payload: '{"email":',
    });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json()).toMatchObject({ request_id: 'json-1' });

    // Before any hook runs (a URL Fastify cannot route): frameworkErrors.
    const badUrl = await get('/api/v1/products/%E0%A4%A', 'url-1');
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toMatchObject({ request_id: 'url-1' });
    expect(badUrl.headers['x-request-id']).toBe('url-1');
  });

  it('is echoed by cached catalogue answers, which leave through reply.hijack(), each with its own id', async () => {
    const url = '/api/v1/products?limit=4';
    const miss = await get(url, 'miss-1');
    expect(miss.statusCode).toBe(200);
    expect(miss.headers['x-request-id']).toBe('miss-1');
    const hit = await get(url, 'hit-1');
    expect(hit.statusCode).toBe(200);
    expect(hit.headers.etag).toBe(miss.headers.etag);
    expect(hit.headers['x-request-id']).toBe('hit-1');
    // Its log lines carry it too.
    expect(lines.filter((l) => l.reqId === 'hit-1').map((l) => l.msg)).toContain('request completed');
    const notModified = await app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(hit.headers.etag), 'x-request-id': 'hit-2' },
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers['x-request-id']).toBe('hit-2');
  });

  it('without a balancer in front (TRUST_PROXY unset), a client’s own X-Request-Id is not taken', async () => {
    const direct = await buildApp({
      config: { env: 'test', logLevel: 'silent', webDist: undefined, trustProxy: false },
      db: t.db,
      logger: false,
    });
    await direct.ready();
    const answer = await direct.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'chosen-1' } });
    expect(answer.headers['x-request-id']).toMatch(UUID);
    await direct.close();
  });
});
