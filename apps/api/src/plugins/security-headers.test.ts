import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { securityHeaders } from './security-headers.js';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it("are helmet's, made once, on every answer: cached, refused and unknown alike", async () => {
    const expected = securityHeaders();
    expect(expected['Content-Security-Policy']).toBe(
      "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'none';img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self'",
    );
    expect(expected['X-Content-Type-Options']).toBe('nosniff');
    expect(expected['Cross-Origin-Resource-Policy']).toBe('same-site');
    for (const url of ['/api/v1/products', '/api/v1/products', '/api/admin/users', '/api/nowhere']) {
      const res = await t.app.inject({ method: 'GET', url });
      for (const [name, value] of Object.entries(expected))
        expect(res.headers[name.toLowerCase()], `${name} on ${url}`).toBe(value);
    }
  });
});
