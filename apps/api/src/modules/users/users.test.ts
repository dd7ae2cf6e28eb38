import { COMMON_PASSWORD } from '@marketplace/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { login, signIn, TEST_PASSWORD } from '../../test/users.js';
import { EMAIL_TAKEN, LAST_ADMIN, NOT_YOURSELF } from './service.js';

describe.each(engines)('users API [%s]', (engine) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signIn(t.app, t.db, 'Admin');
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = admin.headers) =>
    t.app.inject({ method, url: `/api/admin/users${url}`, headers, ...(payload ? { payload } : {}) });
  const newUser = {
    first_name: 'Chikondi',
    last_name: 'Banda',
    display_name: 'Chikondi',
    email: 'Chikondi@Example.mw',
    password: TEST_PASSWORD,
  };
  // Each test makes users of its own: an address no other test uses, in mixed case as a person types it.
  let n = 0;
  const uniqueEmail = (name: string) => `${name}.${++n}@Example.mw`;

  it('creates a user with role User by default, lists and fetches it', async () => {
    const before = (await call('GET', '')).json().total as number;
    const email = uniqueEmail('Chikondi');
    const res = await call('POST', '', { ...newUser, email });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({ displayName: 'Chikondi', email: email.toLowerCase(), role: 'User', status: 'active' });
    expect(user).not.toHaveProperty('password_hash');
    const list = (await call('GET', '')).json();
    expect(list).toMatchObject({ total: before + 1, limit: 50, offset: 0 });
    expect(list.users.map((u: { email: string }) => u.email)).toContain(email.toLowerCase());
    expect((await call('GET', `/${user.id}`)).json()).toEqual(user);
    expect((await login(t.app, email.toLowerCase())).statusCode).toBe(200);
  });

  it.each([
    [{ first_name: '' }, 'first_name', 'First name is required'],
    [{ last_name: '  ' }, 'last_name', 'Last name is required'],
    [{ display_name: '' }, 'display_name', 'Display name is required'],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'not-an-email' }, 'email', 'Invalid email'],
    [{ password: '' }, 'password', 'Password is required'],
    [{ password: 'short' }, 'password', 'Password must be at least 10 characters'],
    [{ password: 'nine-char' }, 'password', 'Password must be at least 10 characters'],
    [{ password: 'password123' }, 'password', COMMON_PASSWORD],
    [{ password: 'Qwertyuiop' }, 'password', COMMON_PASSWORD],
    [{ password: 'x'.repeat(129) }, 'password', 'Password must be at most 128 characters'],
    [{ role: 'Owner' }, 'role', 'Role is required'],
  ])('refuses %j on create', async (change, field, message) => {
    const res = await call('POST', '', { ...newUser, email: 'x@example.mw', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('accepts a long passphrase without composition rules', async () => {
    expect(
      (await call('POST', '', { ...newUser, email: uniqueEmail('pass'), password: 'all lower case words only' }))
        .statusCode,
    ).toBe(201);
  });

  it('refuses a duplicate email on create and update', async () => {
    const email = uniqueEmail('Chikondi');
    expect((await call('POST', '', { ...newUser, email })).statusCode).toBe(201);
    const dup = await call('POST', '', { ...newUser, email: email.toUpperCase() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ message: EMAIL_TAKEN, errors: { email: EMAIL_TAKEN } });
    const other = (await call('POST', '', { ...newUser, email: uniqueEmail('other') })).json();
    const res = await call('PUT', `/${other.id}`, {
      display_name: 'Other',
      email: email.toLowerCase(),
      role: 'User',
      status: 'active',
    });
    expect(res.statusCode).toBe(409);
  });

  it.each([
    [{ display_name: '' }, 'display_name', 'Name is required'],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'nope' }, 'email', 'Invalid email'],
    [{ role: '' }, 'role', 'Role is required'],
    [{ status: 'sleeping' }, 'status', 'Status is required'],
  ])('refuses %j on update with its field message', async (change, field, message) => {
    const res = await call('PUT', `/${admin.id}`, {
      display_name: 'A',
      email: admin.email,
      role: 'Admin',
      status: 'active',
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('revokes the sessions of a user whose role or status changes', async () => {
    const mod = await signIn(t.app, t.db, 'Moderator');
    const me = () => t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: mod.headers });
    expect((await me()).statusCode).toBe(200);
    const res = await call('PUT', `/${mod.id}`, {
      display_name: 'Mod',
      email: mod.email,
      role: 'User',
      status: 'active',
    });
    expect(res.json()).toMatchObject({ role: 'User', displayName: 'Mod' });
    expect((await me()).statusCode).toBe(401);
    const again = (await login(t.app, mod.email)).json().token;
    await call('PUT', `/${mod.id}`, { display_name: 'Mod', email: mod.email, role: 'User', status: 'inactive' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { authorization: `Bearer ${again}` } }))
        .statusCode,
    ).toBe(401);
    expect((await login(t.app, mod.email)).statusCode).toBe(401);
  });

  it('refuses deleting yourself and demoting or deleting the last active Admin', async () => {
    const self = await call('DELETE', `/${admin.id}`);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(NOT_YOURSELF);
    const demote = await call('PUT', `/${admin.id}`, {
      display_name: 'A',
      email: admin.email,
      role: 'Moderator',
      status: 'active',
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(LAST_ADMIN);
    const deactivate = await call('PUT', `/${admin.id}`, {
      display_name: 'A',
      email: admin.email,
      role: 'Admin',
      status: 'inactive',
    });
    expect(deactivate.json().message).toBe(LAST_ADMIN);
    // With a second Admin, the first may be demoted; the second then cannot be deleted by the first... who is no Admin any more.
    const second = await signIn(t.app, t.db, 'Admin');
    const ok = await call('PUT', `/${admin.id}`, {
      display_name: 'A',
      email: admin.email,
      role: 'Admin',
      status: 'active',
    });
    expect(ok.statusCode).toBe(200);
    const del = await call('DELETE', `/${second.id}`);
    expect(del.statusCode).toBe(204);
    expect((await call('GET', `/${second.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for a missing user and 400 for a bad id', async () => {
    expect((await call('GET', '/99999')).json()).toMatchObject({ status: 404, message: 'User not found' });
    expect(
      (await call('PUT', '/99999', { display_name: 'A', email: 'a@b.mw', role: 'User', status: 'active' })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', '/99999')).statusCode).toBe(404);
    expect((await call('GET', '/abc')).statusCode).toBe(400);
  });

  it('writes an audit entry for every change', async () => {
    // Five changes of its own: two creations, two updates and a deletion.
    const email = uniqueEmail('Chikondi');
    const user = (await call('POST', '', { ...newUser, email })).json();
    const other = (await call('POST', '', { ...newUser, email: uniqueEmail('other') })).json();
    expect(
      (
        await call('PUT', `/${user.id}`, {
          display_name: 'Chikondi B',
          email: user.email,
          role: 'Moderator',
          status: 'active',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await call('PUT', `/${user.id}`, {
          display_name: 'Chikondi B',
          email: user.email,
          role: 'User',
          status: 'inactive',
        })
      ).statusCode,
    ).toBe(200);
    expect((await call('DELETE', `/${other.id}`)).statusCode).toBe(204);
    const actions = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'subject_type'])
      .where('subject_type', '=', 'user')
      .where('subject_id', 'in', [String(user.id), String(other.id)])
      .execute();
    expect(actions.length).toBeGreaterThanOrEqual(5);
    expect(actions.every((a) => a.actor_id === admin.id)).toBe(true);
    expect(actions.map((a) => a.action)).toContain(`Created user ${email.toLowerCase()} (User)`);
  });
});
