import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { sellForm } from '../modules/seller-requests/testing.js';
import { multipartBody } from '../modules/images/testing.js';
import { FOREIGN_SITE } from './same-origin.js';
import { NUL_REFUSED } from './no-nul.js';
import { engines } from '../test/databases.js';
import { rawRequest } from '../test/raw-http.js';
import { signIn } from '../test/users.js';

// docs/decisions/0012: errors raised before a route runs were not problem+json and echoed the URL; public
// writes were accepted from other sites' pages.

describe('errors before routing', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  const raw = (request: string) => rawRequest(port, request);

  it.each([
    [
      'a badly encoded URL',
      'GET /api/v1/products/%E0%A4%A<script> HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      400,
      'The address is not valid.',
    ],
    [
      'a fragment in the request target, which Node accepts and no browser sends',
      'GET /api/v1/products?limit=1#ny HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      400,
      'The address is not valid.',
    ],
    [
      'a space in the request target',
      'GET /api/v1/products ny HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      400,
      'The request could not be read.',
    ],
    [
      'an over-long id',
      `GET /api/v1/products/${'9'.repeat(200)}<script> HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      414,
      'The address is too long.',
    ],
    [
      'huge headers',
      `GET /api/v1/products HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n`,
      431,
      'The request headers are too large.',
    ],
    [
      'a bad Content-Length',
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: abc\r\nConnection: close\r\n\r\n{}',
      400,
      'The request could not be read.',
    ],
    [
      'broken JSON',
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 13\r\nConnection: close\r\n\r\n{"a":<script>',
      400,
      'The request body is not valid JSON.',
    ],
    [
      'an unknown content type',
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: text/<script>\r\nContent-Length: 2\r\nConnection: close\r\n\r\nhi',
      415,
      'This kind of request body is not accepted.',
    ],
  ])('answers %s with problem+json and no echo', async (_name, request, status, message) => {
    const res = await raw(request);
    expect(res.status).toBe(status);
    expect(res.type).toBe('application/problem+json');
    expect(JSON.parse(res.body)).toMatchObject({ status, message, detail: message });
    expect(res.body).not.toContain('<script>');
    expect(res.body).not.toContain('9999999999');
  });
});

describe('writes from other sites', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { publicUrl: 'https://marketplace.mw' });
  });
  afterAll(() => t.close());

  const submit = async (headers: Record<string, string>) => {
    const body = await multipartBody(sellForm());
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/sells',
      headers: { ...body.headers, host: 'marketplace.mw', ...headers },
      payload: body.payload,
    });
  };

  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['an opaque Origin', { origin: 'null' }],
  ])('refuses a submission with %s', async (_name, headers) => {
    const res = await submit(headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(FOREIGN_SITE);
  });

  it.each([
    ['the same origin', { origin: 'https://marketplace.mw', 'sec-fetch-site': 'same-origin' }],
    ['the public address behind a proxy', { origin: 'https://marketplace.mw', host: 'api.internal:3000' }],
    ['no browser headers (curl, an app)', {}],
  ])('accepts a submission from %s', async (_name, headers) => {
    expect((await submit(headers)).statusCode).toBe(201);
  });

  it('leaves reads from other sites alone', async () => {
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/products',
          headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe.each(engines)('the NUL character [%s]', (engine) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = (await signIn(t.app, t.db, 'Admin')).headers;
  });
  afterAll(() => t.close());

  // PostgreSQL cannot store it (a 500 there), SQLite stored it: refused on both with one message.
  it.each([
    [
      'a login email',
      {
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: 'a\u0000b@example.mw', password: 'whatever-it-is' },
      },
    ],
    [
      'an order name',
      {
        method: 'POST',
        url: '/api/v1/orders',
        payload: {
          items: [{ product_id: 1, price: 1 }],
          buyer_name: 'Thoko\u0000',
          phone: '0999123456',
          fulfilment: 'collect',
        },
      },
    ],
    ['a category in the path', { method: 'GET', url: '/api/v1/products/category/a%00b' }],
    ['a search', { method: 'GET', url: '/api/admin/seller-requests?search=%00', admin: true }],
    [
      'a shop town',
      {
        method: 'POST',
        url: '/api/admin/shops',
        payload: { name: 'Shop', address: 'Road', town: '\u0000', hours: '8-5' },
        admin: true,
      },
    ],
    ['a key', { method: 'POST', url: '/api/admin/categories', payload: { name: 'Ok', 'x\u0000': 1 }, admin: true }],
  ] as const)('is refused in %s with a 400', async (_name, request) => {
    const { admin: asAdmin, ...call } = request as {
      method: 'GET' | 'POST';
      url: string;
      payload?: object;
      admin?: boolean;
    };
    const res = await t.app.inject({ ...call, ...(asAdmin ? { headers: admin } : {}) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NUL_REFUSED);
  });

  it('is refused in a multipart submission field', async () => {
    const body = await multipartBody(sellForm({ item_name: 'Phone\u0000' }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sells',
      headers: body.headers,
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NUL_REFUSED);
    expect(await t.db.kysely.selectFrom('seller_requests').select('id').execute()).toEqual([]);
  });
});
