import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';

// Issue 38 part 5: the numbers the terms, the FAQ and the product page state are the server's settings.
describe('GET /api/v1/after-sale', () => {
  let t: TestApp;
  let configured: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    configured = await createTestApp('sqlite', { afterSale: { returnDays: 14, defaultWarrantyDays: 90 } });
  });
  afterAll(async () => {
    await t.close();
    await configured.close();
  });

  it('answers the defaults, 7 and 30 days, publicly and cacheable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/after-sale' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ return_days: 7, default_warranty_days: 30 });
    expect(res.headers['cache-control']).toBe('public, no-cache');
    expect(res.headers.etag).toBeTruthy();
    // Settings change only with a restart: a rendered product page that reads it depends on no catalogue change.
    const forRenderer = await t.app.inject({
      method: 'GET',
      url: '/api/v1/after-sale',
      headers: { 'x-catalogue-tags': '1' },
    });
    expect(forRenderer.headers['x-catalogue-tags']).toBe('');
  });

  it('answers RETURN_DAYS and DEFAULT_WARRANTY_DAYS as configured', async () => {
    const res = await configured.app.inject({ method: 'GET', url: '/api/v1/after-sale' });
    expect(res.json()).toEqual({ return_days: 14, default_warranty_days: 90 });
  });
});
