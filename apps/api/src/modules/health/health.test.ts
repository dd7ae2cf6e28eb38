import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../test/databases.js';
import { createTestApp, type TestApp } from '../../test/app.js';

describe.each(engines)('health and OpenAPI [%s]', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('answers 200 while the database is reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: engine, storage: 'ok' });
  });

  it('publishes an OpenAPI document built from the route schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.servers).toEqual([{ url: '/api' }]);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/v1/products', '/v1/products/{id}', '/v1/products/category/{category}']),
    );
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/v1/orders',
        '/v1/orders/{token}',
        '/v1/orders/{token}/cancel',
        '/admin/orders',
        '/admin/orders/{id}',
        '/admin/orders/{id}/complete',
        '/admin/orders/{id}/cancel',
      ]),
    );
    const order = doc.paths['/v1/orders'].post;
    expect(Object.keys(order.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['items', 'buyer_name', 'phone', 'fulfilment']),
    );
    expect(order.responses['201']).toBeDefined();
    const params = doc.paths['/v1/products'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(expect.arrayContaining(['limit', 'offset', 'search']));
  });

  it('answers 503 when the database is gone', async () => {
    const other = await createTestApp(engine);
    await other.db.close();
    const res = await other.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('Database unreachable');
    await other.close();
  });
});
