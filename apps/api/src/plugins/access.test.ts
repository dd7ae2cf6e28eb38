import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { engines } from '../test/databases.js';
import { signIn } from '../test/users.js';
import { openDatabase } from '../db/database.js';
import { addShop } from '../test/fixtures.js';

const MISSING_ID = '987654';

describe.each(engines)('role matrix over every back-office route [%s]', (engine) => {
  let t: TestApp;
  const headers: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    t = await createTestApp(engine);
    for (const role of ['Admin', 'Moderator', 'User'] as const)
      headers[role] = (await signIn(t.app, t.db, role)).headers;
    const revoked = await signIn(t.app, t.db, 'Admin');
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: revoked.headers });
    headers.revoked = revoked.headers;
    headers.none = {};
    headers['Shop staff'] = (await signIn(t.app, t.db, 'Shop staff', await addShop(t.db, 'Matrix Shop'))).headers;
  });
  afterAll(() => t.close());

  it('answers each caller as the route declares', async () => {
    const routes = t.app.routeInventory.filter((r) => r.url.startsWith('/api/admin'));
    expect(routes.length).toBeGreaterThanOrEqual(25);
    const table: string[] = [];
    for (const route of routes) {
      if (!Array.isArray(route.access)) throw new Error(`${route.url} has no role list`);
      const url = route.url.replace(/:[A-Za-z]+/g, MISSING_ID);
      const call = (who: string) => t.app.inject({ method: route.method as 'GET', url, headers: headers[who] });
      const allowed = (role: string) => (route.access as readonly string[]).includes(role);
      const statuses: Record<string, number> = {};
      for (const who of ['none', 'revoked', 'User', 'Moderator', 'Admin', 'Shop staff'])
        statuses[who] = (await call(who)).statusCode;
      table.push(`${route.method} ${route.url} ${JSON.stringify(statuses)}`);
      expect(statuses.none, `${route.method} ${route.url} without token`).toBe(401);
      expect(statuses.revoked, `${route.method} ${route.url} revoked`).toBe(401);
      expect(statuses.User, `${route.method} ${route.url} as User`).toBe(403);
      for (const role of ['Moderator', 'Admin', 'Shop staff']) {
        const status = statuses[role]!;
        if (allowed(role)) expect([401, 403], `${route.method} ${route.url} as ${role}`).not.toContain(status);
        else expect(status, `${route.method} ${route.url} as ${role}`).toBe(403);
      }
      expect(statuses.Admin, `${route.method} ${route.url} as Admin`).toBeLessThan(500);
    }
    // Moderators manage everything but users.
    const usersRoutes = routes.filter((r) => r.url.startsWith('/api/admin/users'));
    expect(usersRoutes.every((r) => !(r.access as readonly string[]).includes('Moderator'))).toBe(true);
    // Staff read the ledger; only an Admin writes to it: a correction (docs/decisions/0082), or how a refund or
    // payout the gateway cannot send was paid (0079).
    const moneyWrites = routes.filter((r) => r.url.startsWith('/api/admin/money') && r.method !== 'GET');
    expect(moneyWrites.map((r) => `${r.method} ${r.url} ${String(r.access)}`).sort()).toEqual([
      'POST /api/admin/money/corrections Admin',
      'POST /api/admin/money/transfers/:id/by-hand Admin',
    ]);
    // Shop staff reach their shop's work only (docs/decisions/0061): none of the rest of the back-office.
    const shopStaffRoutes = routes.filter((r) => (r.access as readonly string[]).includes('Shop staff'));
    // Only the lists behind the product form's pickers: their own shop, and the categories.
    const pickers = ['GET /api/admin/shops', 'GET /api/admin/categories'];
    const outside = ['/api/admin/users', '/api/admin/shops', '/api/admin/categories', '/api/admin/featured'];
    const reached = shopStaffRoutes.filter((r) => outside.some((o) => r.url.startsWith(o)));
    expect(reached.map((r) => `${r.method} ${r.url}`)).toEqual(pickers);
    expect(shopStaffRoutes.filter((r) => r.url.includes('report'))).toEqual([]);
  });

  it('tells a User that the back-office is not for them', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/products', headers: headers.User });
    expect(res.json().message).toBe('Your account does not have access to the back-office.');
  });
});

describe('route inventory', () => {
  const config = { env: 'test' as const, logLevel: 'silent', webDist: undefined, trustProxy: false as const };

  it('refuses a back-office route registered without a role list', async () => {
    const db = openDatabase({ sqliteFile: ':memory:' });
    const app = await buildApp({ config, db, logger: false });
    expect(() => app.get('/api/admin/secret', async () => 'x')).toThrow(/does not declare its access/);
    expect(() => app.get('/api/admin/open', { config: { access: 'public' } }, async () => 'x')).toThrow(
      /must declare the roles allowed/,
    );
    expect(() => app.get('/api/v1/undeclared', async () => 'x')).toThrow(/does not declare its access/);
    await app.close();
    await db.close();
  });

  it('lists every API route with its access', async () => {
    const db = openDatabase({ sqliteFile: ':memory:' });
    const app = await buildApp({ config, db, logger: false });
    await app.ready();
    const admin = app.routeInventory.filter((r) => r.url.startsWith('/api/admin'));
    expect(admin.every((r) => Array.isArray(r.access) && r.access.length > 0)).toBe(true);
    expect(app.routeInventory.find((r) => r.url === '/api/v1/products')?.access).toBe('public');
    await app.close();
    await db.close();
  });
});
