import { LOGIN_FAILED } from '@marketplace/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addUser, login, signIn, TEST_PASSWORD } from '../../test/users.js';
import {
  accountDelayMs,
  ACCOUNT_SLOWDOWN_AFTER,
  authenticate,
  login as loginAt,
  MAX_FAILURES_PER_PAIR,
  SLOW_DOWN,
  TOO_MANY_FAILURES,
} from './service.js';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './tokens.js';
import { answerBody } from '../../test/answers.js';

describe.each(engines)('login and sessions [%s]', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { authorization: `Bearer ${token}` } });

  it('logs in with email and password and answers token and display_name', async () => {
    const user = await addUser(t.db, 'Admin', { email: 'Boss@Example.mw'.toLowerCase() });
    const res = await login(t.app, 'BOSS@example.mw');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ display_name: 'Admin Tester', role: 'Admin' });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await me(body.token)).json()).toMatchObject({ id: user.id, role: 'Admin' });
    const stored = await t.db.kysely.selectFrom('sessions').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(body.token);
  });

  it('answers a wrong password and an unknown email with the same 401 body', async () => {
    const user = await addUser(t.db, 'Moderator');
    const wrong = await login(t.app, user.email, 'not the password', '10.0.0.2');
    const unknown = await login(t.app, 'nobody@example.mw', TEST_PASSWORD, '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(answerBody(wrong)).toEqual(answerBody(unknown));
    expect(wrong.json()).toMatchObject({ detail: LOGIN_FAILED, title: 'Unauthorized' });
  });

  it('refuses a deactivated user like a wrong password', async () => {
    const user = await addUser(t.db, 'Admin', { status: 'inactive' });
    const res = await login(t.app, user.email, TEST_PASSWORD, '10.0.0.3');
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe(LOGIN_FAILED);
  });

  it('requires both fields', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: '', password: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ email: 'Email is required', password: 'Password is required' });
  });

  it('keeps every answer about the caller out of caches, and a staff logout clears the browser cache', async () => {
    const staff = await signIn(t.app, t.db, 'Moderator');
    const seller = await signIn(t.app, t.db, 'User');
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: staff.headers });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('private, no-store');
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/products', headers: staff.headers });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    const refused = await t.app.inject({ method: 'GET', url: '/api/admin/products' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('private, no-store');
    // Public answers stay cacheable.
    const catalogue = await t.app.inject({ method: 'GET', url: '/api/v1/products' });
    expect(catalogue.headers['cache-control']).toBe('public, no-cache');

    const staffOut = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: staff.headers });
    expect(staffOut.statusCode).toBe(204);
    expect(staffOut.headers['clear-site-data']).toBe('"cache"');
    const sellerOut = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: seller.headers });
    expect(sellerOut.statusCode).toBe(204);
    expect(sellerOut.headers['clear-site-data']).toBeUndefined();
  });

  it('stops one address guessing one account after 5 failures, even with the right password from there', async () => {
    const user = await addUser(t.db, 'User');
    for (let i = 0; i < MAX_FAILURES_PER_PAIR; i++)
      expect((await login(t.app, user.email, 'wrong', '10.1.0.1')).statusCode).toBe(401);
    const res = await login(t.app, user.email, TEST_PASSWORD, '10.1.0.1');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(TOO_MANY_FAILURES);
  });

  it('counts the login failures of one IPv6 /64 as one address', async () => {
    const user = await addUser(t.db, 'User');
    // Each guess from a fresh address of the same /64, as any one phone or home line can.
    for (let i = 0; i < MAX_FAILURES_PER_PAIR; i++)
      expect((await login(t.app, user.email, 'wrong', `2001:db8:77:1::${i + 1}`)).statusCode).toBe(401);
    const res = await login(t.app, user.email, TEST_PASSWORD, '2001:db8:77:1:ffff::9');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(TOO_MANY_FAILURES);
    // Another /64 is another client.
    expect((await login(t.app, user.email, TEST_PASSWORD, '2001:db8:77:2::1')).statusCode).toBe(200);
  });

  it('lets an admin in from an address that has not failed while a stranger keeps failing from many others', async () => {
    const admin = await addUser(t.db, 'Admin');
    // Far more failures than used to lock the account for 15 minutes, from 12 addresses.
    for (let i = 0; i < 36; i++) await login(t.app, admin.email, `guess-${i}`, `10.3.0.${i % 12}`);
    expect((await login(t.app, admin.email, 'still-wrong', '10.3.0.1')).statusCode).toBe(429);
    const res = await login(t.app, admin.email, TEST_PASSWORD, '10.4.4.4');
    expect(res.statusCode).toBe(200);
    // The attacker's addresses stay held back after the admin's success.
    expect((await login(t.app, admin.email, TEST_PASSWORD, '10.3.0.2')).statusCode).toBe(429);
  });

  it('slows every address that failed on a much-attacked account, the wait doubling per failure', async () => {
    const user = await addUser(t.db, 'Moderator');
    const at = Date.parse('2026-06-01T08:00:00.000Z');
    const attempt = (password: string, ip: string, ms: number) =>
      loginAt(t.db.kysely, { email: user.email, password }, { ip, now: new Date(at + ms) }).then(
        () => 200,
        (error: { status: number; message: string; extra?: { retry_after_seconds?: number } }) =>
          [error.status, error.message, error.extra?.retry_after_seconds] as const,
      );
    for (let i = 0; i < ACCOUNT_SLOWDOWN_AFTER; i++)
      expect(await attempt('wrong', `10.5.0.${i}`, i)).toEqual([401, 'Invalid email or password', undefined]);
    // The account's 10th failure was at +9 ms: an address among them waits 1 s from then.
    expect(await attempt('wrong', '10.5.0.3', 500)).toEqual([429, SLOW_DOWN, 1]);
    expect(await attempt('wrong', '10.5.0.3', 1_100)).toEqual([401, 'Invalid email or password', undefined]);
    expect(await attempt('wrong', '10.5.0.4', 2_000)).toEqual([429, SLOW_DOWN, 2]);
    expect(await attempt(TEST_PASSWORD, '10.5.0.4', 3_200)).toBe(200);
    expect(await attempt(TEST_PASSWORD, '10.6.0.1', 3_300)).toBe(200);
  });

  it('grows the delay to at most 15 minutes', () => {
    expect([9, 10, 11, 14, 30].map(accountDelayMs)).toEqual([0, 1000, 2000, 16_000, 15 * 60 * 1000]);
  });

  it('limits failed logins per IP across accounts', async () => {
    for (let i = 0; i < 20; i++) await login(t.app, `guess${i}@example.mw`, 'wrong', '10.9.9.9');
    const user = await addUser(t.db, 'Admin');
    const res = await login(t.app, user.email, TEST_PASSWORD, '10.9.9.9');
    expect(res.statusCode).toBe(429);
    expect((await login(t.app, user.email, TEST_PASSWORD, '10.9.9.10')).statusCode).toBe(200);
  });

  it('revokes the token on logout', async () => {
    const { token, headers } = await signIn(t.app, t.db, 'Admin');
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers })).statusCode).toBe(204);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('expires sessions when idle and at the absolute limit', async () => {
    const { token } = await signIn(t.app, t.db, 'Admin');
    const now = Date.now();
    expect(await authenticate(t.db.kysely, token, new Date(now + 60_000))).toBeDefined();
    expect(await authenticate(t.db.kysely, token, new Date(now + 60_000 + SESSION_IDLE_MS + 1000))).toBeUndefined();
    // Kept alive by activity, it still ends at the absolute limit.
    let at = now;
    while (at + SESSION_IDLE_MS / 2 < now + SESSION_ABSOLUTE_MS) {
      at += SESSION_IDLE_MS / 2;
      const alive = await authenticate(t.db.kysely, token, new Date(at));
      expect(alive === undefined).toBe(at >= now + SESSION_ABSOLUTE_MS);
    }
    expect(await authenticate(t.db.kysely, token, new Date(now + SESSION_ABSOLUTE_MS + 1000))).toBeUndefined();
  });

  it('ignores malformed authorization headers', async () => {
    for (const authorization of ['Bearer', 'Basic abc', `Bearer ${'x'.repeat(500)}`, 'Bearer a b c']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { authorization } });
      expect(res.statusCode).toBe(401);
    }
  });
});
