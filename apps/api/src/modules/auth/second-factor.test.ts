import { LOGIN_FAILED, RECOVERY_CODE_COUNT, SECOND_FACTOR_SETUP_NEEDED } from '@marketplace/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testClock, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addUser, login, signIn, TEST_PASSWORD } from '../../test/users.js';
import { CODE_REUSED, LOGIN_EXPIRED, NOT_YOURSELF, WRONG_CODE } from './second-factor.js';
import { open, seal } from './secret-box.js';
import { MAX_FAILURES_PER_PAIR, TOO_MANY_FAILURES } from './service.js';
import { base32Decode, STEP_SECONDS, totp } from './totp.js';
import { answerBody } from '../../test/answers.js';

describe('secret box', () => {
  it('opens only with the same key and user', () => {
    const box = seal('k'.repeat(32), 7, Buffer.from('secret bytes'));
    expect(open('k'.repeat(32), 7, box)?.toString()).toBe('secret bytes');
    expect(open('j'.repeat(32), 7, box)).toBeUndefined();
    expect(open('k'.repeat(32), 8, box)).toBeUndefined();
    expect(open('k'.repeat(32), 7, `${box}x`)).toBeUndefined();
  });
});

describe.each(engines)('staff second factor [%s]', (engine) => {
  let t: TestApp;
  const clock = testClock(new Date('2026-06-01T08:00:00.000Z'));
  beforeAll(async () => {
    t = await createTestApp(engine, { clock });
  });
  afterAll(() => t.close());

  const post = (url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
  /** The code the app shows `steps` steps from the test clock's now. */
  const codeAt = (secret: Buffer, steps = 0) => totp(secret, new Date(clock().getTime() + steps * STEP_SECONDS * 1000));
  const nextStep = () => clock.advance(STEP_SECONDS * 1000);

  /** A staff member who set up the second factor: their session, secret and recovery codes. */
  async function withSecondFactor(role: 'Admin' | 'Moderator' = 'Moderator') {
    const staff = await signIn(t.app, t.db, role);
    const setup = await post('/api/admin/account/second-factor', staff.headers);
    expect(setup.statusCode).toBe(200);
    const secret = base32Decode(setup.json().secret);
    const confirmed = await post('/api/admin/account/second-factor/confirm', staff.headers, { code: codeAt(secret) });
    expect(confirmed.statusCode).toBe(200);
    nextStep();
    return { ...staff, secret, recoveryCodes: confirmed.json().recovery_codes as string[] };
  }

  const loginCode = (challenge: string, code: string, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/login/code', payload: { challenge, code }, remoteAddress: ip });

  async function challengeFor(email: string, ip = '10.0.0.1') {
    const res = await login(t.app, email, TEST_PASSWORD, ip);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ second_factor: 'code', challenge: expect.any(String) });
    return res.json().challenge as string;
  }

  it('sets up with a QR code and the secret as text, then asks for a code after the password', async () => {
    const staff = await signIn(t.app, t.db, 'Moderator');
    const setup = await post('/api/admin/account/second-factor', staff.headers);
    const body = setup.json();
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauth_url).toContain(`secret=${body.secret}`);
    expect(body.otpauth_url).toContain(encodeURIComponent(staff.email));
    expect(body.qr_svg).toMatch(/^<svg [^>]*viewBox/);
    const secret = base32Decode(body.secret);
    // Not in force until a code proves the app has it; a wrong code says so under the field.
    expect((await login(t.app, staff.email)).json().token).toEqual(expect.any(String));
    const wrong = await post('/api/admin/account/second-factor/confirm', staff.headers, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ code: WRONG_CODE });
    const confirmed = await post('/api/admin/account/second-factor/confirm', staff.headers, { code: codeAt(secret) });
    const codes = confirmed.json().recovery_codes as string[];
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}$/);

    // The secret is never sent again nor stored in the clear; recovery codes are stored hashed.
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/admin/account/second-factor',
      headers: staff.headers,
    });
    expect(status.json()).toEqual({ enabled: true, required: false, recovery_codes_left: RECOVERY_CODE_COUNT });
    expect((await post('/api/admin/account/second-factor', staff.headers)).statusCode).toBe(409);
    const row = await t.db.kysely
      .selectFrom('second_factors')
      .selectAll()
      .where('user_id', '=', staff.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_box).not.toContain(body.secret);
    expect(row.secret_box).not.toContain(secret.toString('base64url'));
    const stored = await t.db.kysely
      .selectFrom('recovery_codes')
      .select('code_hash')
      .where('user_id', '=', staff.id)
      .execute();
    expect(stored.map((r) => r.code_hash)).not.toContain(codes[0]);

    nextStep();
    const sessionsBefore = await t.db.kysely
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', staff.id)
      .execute();
    const challenge = await challengeFor(staff.email);
    const after = await t.db.kysely.selectFrom('sessions').select('id').where('user_id', '=', staff.id).execute();
    expect(after).toHaveLength(sessionsBefore.length);
    const done = await loginCode(challenge, codeAt(secret).replace(/^(\d{3})/, '$1 '));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      display_name: 'Moderator Tester',
      role: 'Moderator',
      token: expect.any(String),
    });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${done.json().token}` },
    });
    expect(me.json()).toMatchObject({ id: staff.id, second_factor_setup: false });
    // A challenge opens one session only.
    expect((await loginCode(challenge, codeAt(secret, 1))).json().detail).toBe(LOGIN_EXPIRED);
  });

  it('answers a wrong password the same for an account with a second factor and an unknown email', async () => {
    const staff = await withSecondFactor();
    const wrong = await login(t.app, staff.email, 'not the password', '10.7.0.1');
    const unknown = await login(t.app, 'nobody-mfa@example.mw', TEST_PASSWORD, '10.7.0.1');
    expect(wrong.statusCode).toBe(401);
    expect(answerBody(wrong)).toEqual(answerBody(unknown));
    expect(wrong.json().detail).toBe(LOGIN_FAILED);
  });

  it('accepts the codes of one step either side, each once, and refuses older ones', async () => {
    const staff = await withSecondFactor();
    // Past the step of the set-up's code.
    nextStep();
    expect((await loginCode(await challengeFor(staff.email), codeAt(staff.secret, -2))).json().detail).toBe(WRONG_CODE);
    expect((await loginCode(await challengeFor(staff.email), codeAt(staff.secret, 2))).json().detail).toBe(WRONG_CODE);
    const previous = codeAt(staff.secret, -1);
    expect((await loginCode(await challengeFor(staff.email), previous)).statusCode).toBe(200);
    // The same code again, within its window: refused, and so is the one before it.
    const again = await loginCode(await challengeFor(staff.email), previous);
    expect(again.statusCode).toBe(401);
    expect(again.json().detail).toBe(CODE_REUSED);
    expect((await loginCode(await challengeFor(staff.email), codeAt(staff.secret, 1))).statusCode).toBe(200);
    expect((await loginCode(await challengeFor(staff.email), codeAt(staff.secret))).json().detail).toBe(CODE_REUSED);
  });

  it('counts wrong codes as failed logins and ends the challenge after 5', async () => {
    const staff = await withSecondFactor();
    const ip = '10.8.0.1';
    const challenge = await challengeFor(staff.email, ip);
    for (let i = 0; i < MAX_FAILURES_PER_PAIR; i++) {
      const res = await loginCode(challenge, String(100000 + i), ip);
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toBe(WRONG_CODE);
    }
    const failures = await t.db.kysely
      .selectFrom('login_failures')
      .select('id')
      .where('email_key', '=', staff.email)
      .execute();
    expect(failures).toHaveLength(MAX_FAILURES_PER_PAIR);
    const dead = await loginCode(challenge, codeAt(staff.secret), ip);
    expect(dead.statusCode).toBe(401);
    expect(dead.json()).toMatchObject({ detail: LOGIN_EXPIRED, code: 'login_expired' });
    // The address is held back on the account, the password step included; another address is not.
    const held = await login(t.app, staff.email, TEST_PASSWORD, ip);
    expect(held.statusCode).toBe(429);
    expect(held.json().detail).toBe(TOO_MANY_FAILURES);
    expect(
      (await loginCode(await challengeFor(staff.email, '10.8.0.2'), codeAt(staff.secret), '10.8.0.2')).statusCode,
    ).toBe(200);
  });

  it('refuses an expired or unknown challenge', async () => {
    const staff = await withSecondFactor();
    const challenge = await challengeFor(staff.email);
    await t.db.kysely
      .updateTable('login_challenges')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await loginCode(challenge, codeAt(staff.secret))).json().detail).toBe(LOGIN_EXPIRED);
    expect((await loginCode('x'.repeat(43), codeAt(staff.secret))).json().detail).toBe(LOGIN_EXPIRED);
  });

  it('lets each recovery code in once and audits its use', async () => {
    const staff = await withSecondFactor();
    const [first, second] = staff.recoveryCodes;
    const res = await loginCode(await challengeFor(staff.email), first!.toLowerCase().replace('-', ' '));
    expect(res.statusCode).toBe(200);
    expect((await loginCode(await challengeFor(staff.email), first!)).json().detail).toBe(WRONG_CODE);
    const headers = { authorization: `Bearer ${res.json().token}` };
    const status = await t.app.inject({ method: 'GET', url: '/api/admin/account/second-factor', headers });
    expect(status.json().recovery_codes_left).toBe(RECOVERY_CODE_COUNT - 1);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('subject_id', '=', String(staff.id))
      .execute();
    expect(audit.map((a) => a.action)).toContain(`Logged in with a recovery code (${staff.email})`);
    // A recovery code also turns it off, once it is right.
    const wrong = await post('/api/admin/account/second-factor/turn-off', headers, { code: 'AAAAA-AAAAA' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ code: WRONG_CODE });
    expect((await post('/api/admin/account/second-factor/turn-off', headers, { code: second! })).statusCode).toBe(204);
    expect((await login(t.app, staff.email)).json().token).toEqual(expect.any(String));
  });

  it('lets another Admin reset it, ending the user’s sessions, and nobody reset their own', async () => {
    const staff = await withSecondFactor('Admin');
    const admin = await signIn(t.app, t.db, 'Admin');
    const moderator = await signIn(t.app, t.db, 'Moderator');
    const url = `/api/admin/users/${staff.id}/second-factor/reset`;
    const user = () => t.app.inject({ method: 'GET', url: `/api/admin/users/${staff.id}`, headers: admin.headers });
    expect((await user()).json().second_factor).toBe(true);
    expect((await post(url, moderator.headers)).statusCode).toBe(403);
    const self = await post(url, staff.headers);
    expect(self.statusCode).toBe(403);
    expect(self.json().detail).toBe(NOT_YOURSELF);
    expect((await post(url, admin.headers)).statusCode).toBe(204);
    expect((await post(url, admin.headers)).statusCode).toBe(409);
    expect((await post('/api/admin/users/999999/second-factor/reset', admin.headers)).statusCode).toBe(404);
    expect((await user()).json().second_factor).toBe(false);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: staff.headers });
    expect(me.statusCode).toBe(401);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('subject_id', '=', String(staff.id))
      .execute();
    expect(audit).toContainEqual({ action: `Reset the two-step login of ${staff.email}`, actor_id: admin.id });
    expect((await login(t.app, staff.email)).json().token).toEqual(expect.any(String));
  });
});

describe.each(engines)('REQUIRE_STAFF_MFA [%s]', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { requireStaffMfa: true });
  });
  afterAll(() => t.close());

  it('leads staff without a second factor to its set-up, and nothing else, until it is confirmed', async () => {
    const staff = await addUser(t.db, 'Moderator');
    const res = await login(t.app, staff.email);
    expect(res.json()).toMatchObject({ role: 'Moderator', second_factor_setup: true });
    const headers = { authorization: `Bearer ${res.json().token}` };
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers });
    const refused = await get('/api/admin/products');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ detail: SECOND_FACTOR_SETUP_NEEDED, code: 'second_factor_setup' });
    expect((await get('/api/v1/auth/me')).json()).toMatchObject({ second_factor_setup: true });
    expect((await get('/api/admin/account/second-factor')).json()).toEqual({
      enabled: false,
      required: true,
      recovery_codes_left: 0,
    });

    const setup = await t.app.inject({ method: 'POST', url: '/api/admin/account/second-factor', headers });
    const secret = base32Decode(setup.json().secret);
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/admin/account/second-factor/confirm',
      headers,
      payload: { code: totp(secret, new Date()) },
    });
    expect(confirm.statusCode).toBe(200);
    expect((await get('/api/admin/products')).statusCode).toBe(200);
    expect((await get('/api/v1/auth/me')).json()).toMatchObject({ second_factor_setup: false });
  });

  it('leaves sellers’ logins as they were', async () => {
    const seller = await addUser(t.db, 'User');
    const res = await login(t.app, seller.email);
    expect(res.statusCode).toBe(200);
    expect(res.json().second_factor_setup).toBeUndefined();
  });
});
