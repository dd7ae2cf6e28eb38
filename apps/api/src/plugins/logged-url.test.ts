import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestDb, engines, type TestDb } from '../test/databases.js';
import { loggedUrl, maskedText } from './logged-url.js';
import { RequestLines } from './request-lines.js';

// Access lines carried private-link tokens and the phones and emails staff looked up (issue 35, item 8): they
// log the route's pattern and masked values instead (decision 0087).

const TOKEN = 'Zk3q9XbT0aLmNoPq7RsTuVwXyZ012345';
const PHONE = '0991234567';
const EMAIL = 'chikondi.banda@example.mw';
const SECRETS = [TOKEN, PHONE, '991234567', '265991234567', EMAIL, 'chikondi', 'N3w-passw0rd!'];

/** Requests a stranger or staff member makes with a secret in the URL (and one in a body, never logged). */
const REQUESTS: { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: object }[] = [
  { method: 'GET', url: `/api/v1/orders/${TOKEN}` },
  { method: 'POST', url: `/api/v1/orders/${TOKEN}/cancel`, payload: {} },
  { method: 'GET', url: `/api/v1/sells/${TOKEN}` },
  { method: 'POST', url: `/api/v1/sells/${TOKEN}/account`, payload: { password: 'N3w-passw0rd!' } },
  { method: 'POST', url: `/api/v1/account/confirm/${TOKEN}`, payload: { password: 'N3w-passw0rd!' } },
  { method: 'POST', url: `/api/v1/auth/password-reset/${TOKEN}`, payload: { password: 'N3w-passw0rd!' } },
  { method: 'DELETE', url: `/api/v1/alerts/${TOKEN}` },
  { method: 'GET', url: `/api/admin/personal-data?phone=${PHONE}` },
  { method: 'GET', url: `/api/admin/personal-data?phone=%2B265%2099%20123%204567` },
  { method: 'GET', url: `/api/admin/personal-data?email=${encodeURIComponent(EMAIL)}` },
  { method: 'GET', url: `/api/admin/seller-requests?search=${PHONE}&page=2` },
  // Pages of the web app (no bundle here: unrouted), and an API path nobody declared.
  { method: 'GET', url: `/order/${TOKEN}` },
  { method: 'GET', url: `/sell/status/${TOKEN}` },
  { method: 'GET', url: `/reset-password/${TOKEN}?from=email` },
  { method: 'GET', url: `/account/confirm/${TOKEN}` },
  { method: 'GET', url: `/alerts/stop/${TOKEN}` },
  { method: 'GET', url: `/api/v1/orders/${TOKEN}/nothing?token=${TOKEN}` },
];

describe.each(engines)('logged URLs [%s]', (engine) => {
  let t: TestDb;
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestDb(engine);
    app = await buildApp({
      config: { env: 'test', logLevel: 'info', webDist: undefined, trustProxy: false },
      db: t.db,
      logStream: { write: (line: string) => lines.push(line) },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  it('never writes a token, phone, email or body, and names the route', async () => {
    for (const request of REQUESTS) await app.inject(request);
    const text = lines.join('\n');
    expect(lines.length).toBeGreaterThanOrEqual(REQUESTS.length);
    for (const secret of SECRETS) expect(text, secret).not.toContain(secret);
    const urls = lines.map((l) => (JSON.parse(l) as { req?: { url?: string } }).req?.url).filter(Boolean);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/v1/orders/:token',
        '/api/v1/orders/:token/cancel',
        '/api/v1/sells/:token/account',
        '/api/admin/personal-data?phone=***67',
        '/api/admin/personal-data?email=***@example.mw',
        '/api/admin/seller-requests?search=***67&page=2',
        '/order/[token]',
        '/reset-password/[token]?from=email',
        '/api/v1/orders/[token]/nothing?token=[hidden]',
      ]),
    );
  });
});

describe('logged URLs in development lines', () => {
  it('prints the route pattern, not the token', async () => {
    const written: string[] = [];
    const app = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => written.push(line) } },
      logController: new RequestLines(),
    });
    app.get('/api/v1/orders/:token', async () => 'ok');
    app.get('/api/v1/products/:id', async () => 'ok');
    await app.inject({ method: 'GET', url: `/api/v1/orders/${TOKEN}` });
    await app.inject({ method: 'GET', url: '/api/v1/products/42?w=320' });
    await app.inject({ method: 'GET', url: `/order/${TOKEN}` });
    await app.close();
    const msgs = written.map((l) => (JSON.parse(l) as { msg: string }).msg);
    expect(msgs[0]).toMatch(/^GET \/api\/v1\/orders\/:token 200 /);
    expect(msgs[1]).toMatch(/^GET \/api\/v1\/products\/42\?w=320 200 /);
    expect(msgs[2]).toMatch(/^GET \/order\/\[token\] 404 /);
  });
});

describe('maskedText', () => {
  it('masks emails and phone numbers in any written form, and leaves other words', () => {
    expect(maskedText('samsung a15')).toBe('samsung a15');
    expect(maskedText('+265 99 123 4567')).toBe('***67');
    expect(maskedText('0881-234-567 and x@y.mw')).toBe('***67 and ***@y.mw');
    expect(loggedUrl({ url: '/discover?search=tecno%20spark%2010', params: {} })).toBe(
      '/discover?search=tecno%20spark%2010',
    );
  });
});
