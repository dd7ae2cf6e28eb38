import { MAX_WRONG_CODES, SECOND_FACTOR_LOCKED, UNLOCK_LINK_INVALID } from '@marketplace/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testClock, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addShop } from '../../test/fixtures.js';
import { addUser, login, signIn, TEST_PASSWORD } from '../../test/users.js';
import { CHALLENGE_ATTEMPTS, LOGIN_EXPIRED, WRONG_CODE } from './second-factor.js';
import { NOT_YOURSELF_UNLOCK } from './second-factor-lock.js';
import { ACCOUNT_LOCKED, MAX_FAILURES_PER_ACCOUNT } from './service.js';
import { startMailbox } from './testing.js';
import { base32Decode, STEP_SECONDS, totp } from './totp.js';
import { answerBody } from '../../test/answers.js';

// docs/decisions/0085: two-step login for every staff role, its lock after 10 wrong codes in a row, codes
// counted by one conditional statement each, and the password with a code past the per-account cap.

let ip = 0;
/** A fresh address each time, so the per-address caps (5 per account, 20 in all) stay out of the way. */
const nextIp = () => `10.85.${Math.floor(++ip / 250)}.${ip % 250}`;

describe.each(engines)('second factor for every staff role, and its lock [%s]', (engine) => {
  let t: TestApp;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  const clock = testClock(new Date('2026-06-01T08:00:00.000Z'));
  beforeAll(async () => {
    t = await createTestApp(engine, { clock });
    mailbox = await startMailbox(t.db);
  });
  afterAll(async () => {
    await mailbox.close();
    await t.close();
  });

  const post = (url: string, headers: Record<string, string>, payload?: object, remoteAddress = nextIp()) =>
    t.app.inject({ method: 'POST', url, headers, remoteAddress, ...(payload ? { payload } : {}) });
  const codeAt = (secret: Buffer, steps = 0) => totp(secret, new Date(clock().getTime() + steps * STEP_SECONDS * 1000));
  const nextStep = () => clock.advance(STEP_SECONDS * 1000);
  const loginCode = (challenge: string, code: string, remoteAddress = nextIp()) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/login/code', payload: { challenge, code }, remoteAddress });
  async function challengeFor(email: string, address = nextIp()) {
    const res = await login(t.app, email, TEST_PASSWORD, address);
    expect(res.json(), res.body).toEqual({ second_factor: 'code', challenge: expect.any(String) });
    return res.json().challenge as string;
  }
  /** A wrong 6-digit code (the right one is never 000000 and the next ones, by chance, is checked below). */
  const wrongCode = (secret: Buffer, i: number) => {
    const right = new Set([-1, 0, 1].map((s) => codeAt(secret, s)));
    let code = String(100000 + i);
    while (right.has(code)) code = String(Number(code) + 1);
    return code;
  };

  async function withSecondFactor(role: 'Admin' | 'Moderator' | 'Shop staff' = 'Moderator') {
    const shopId = role === 'Shop staff' ? await addShop(t.db, `Two-step shop ${Math.random()}`) : null;
    const staff = await signIn(t.app, t.db, role, shopId);
    const setup = await post('/api/admin/account/second-factor', staff.headers);
    expect(setup.statusCode, setup.body).toBe(200);
    const secret = base32Decode(setup.json().secret);
    const confirmed = await post('/api/admin/account/second-factor/confirm', staff.headers, { code: codeAt(secret) });
    expect(confirmed.statusCode).toBe(200);
    nextStep();
    return { ...staff, secret, recoveryCodes: confirmed.json().recovery_codes as string[] };
  }

  /** `n` wrong codes, a challenge per CHALLENGE_ATTEMPTS, each from its own address. */
  async function wrongCodes(staff: { email: string; secret: Buffer }, n: number) {
    for (let done = 0; done < n;) {
      const challenge = await challengeFor(staff.email);
      for (let i = 0; i < CHALLENGE_ATTEMPTS && done < n; i++, done++) {
        const res = await loginCode(challenge, wrongCode(staff.secret, done));
        expect(res.json().detail).toBe(WRONG_CODE);
      }
    }
  }

  it('lets Shop staff set up two-step login on their account page and then asks them for a code', async () => {
    const staff = await withSecondFactor('Shop staff');
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/admin/account/second-factor',
      headers: staff.headers,
    });
    expect(status.json()).toMatchObject({ enabled: true });
    const done = await loginCode(await challengeFor(staff.email), codeAt(staff.secret));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ role: 'Shop staff', token: expect.any(String) });
  });

  it('locks after 10 wrong codes in a row over several logins: 423 for any code, the owner emailed once', async () => {
    const staff = await withSecondFactor();
    await wrongCodes(staff, MAX_WRONG_CODES);
    const locked = await loginCode(await challengeFor(staff.email), codeAt(staff.secret));
    expect(locked.statusCode).toBe(423);
    expect(locked.json()).toMatchObject({ detail: SECOND_FACTOR_LOCKED, code: 'second_factor_locked' });
    expect((await loginCode(await challengeFor(staff.email), staff.recoveryCodes[0]!)).statusCode).toBe(423);
    // Turning it off from an open session is refused too.
    const off = await post('/api/admin/account/second-factor/turn-off', staff.headers, { code: codeAt(staff.secret) });
    expect(off.statusCode).toBe(423);

    const mail = await mailbox.lastMailTo(staff.email);
    expect(mail.headers.subject).toBe('Marketplace Malawi: two-step login locked');
    expect(mailbox.mailsTo(staff.email)).toHaveLength(1);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('subject_id', '=', String(staff.id))
      .execute();
    expect(audit.map((a) => a.action)).toContain(`Two-step login of ${staff.email} locked after 10 wrong codes`);
    const admin = await signIn(t.app, t.db, 'Admin');
    const user = await t.app.inject({ method: 'GET', url: `/api/admin/users/${staff.id}`, headers: admin.headers });
    expect(user.json()).toMatchObject({ second_factor: true, second_factor_locked: true });
  });

  it('counts wrong codes in a row only: a right code starts the count again', async () => {
    const staff = await withSecondFactor();
    await wrongCodes(staff, MAX_WRONG_CODES - 1);
    expect((await loginCode(await challengeFor(staff.email), codeAt(staff.secret))).statusCode).toBe(200);
    nextStep();
    await wrongCodes(staff, MAX_WRONG_CODES - 1);
    expect((await loginCode(await challengeFor(staff.email), codeAt(staff.secret))).statusCode).toBe(200);
  });

  it('unlocks with the emailed link once, keeping the same app; an expired or used link does not', async () => {
    const staff = await withSecondFactor();
    await wrongCodes(staff, MAX_WRONG_CODES);
    const token = await mailbox.tokenMailed(staff.email, '/admin/unlock-two-step');
    const unlock = (value: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1/auth/second-factor/unlock/${value}`, remoteAddress: nextIp() });
    expect((await unlock('x'.repeat(43))).json()).toMatchObject({ status: 404, message: UNLOCK_LINK_INVALID });
    expect((await unlock(token)).statusCode).toBe(204);
    expect((await unlock(token)).json()).toMatchObject({ status: 404, message: UNLOCK_LINK_INVALID });
    expect((await loginCode(await challengeFor(staff.email), codeAt(staff.secret))).statusCode).toBe(200);

    // Locked again: a link past its 24 hours unlocks nothing.
    nextStep();
    await wrongCodes(staff, MAX_WRONG_CODES);
    const late = await mailbox.tokenMailed(staff.email, '/admin/unlock-two-step');
    expect(late).not.toBe(token);
    await t.db.kysely
      .updateTable('email_links')
      .set({ expires_at: new Date(clock().getTime() - 1000).toISOString() })
      .where('email', '=', staff.email)
      .execute();
    expect((await unlock(late)).statusCode).toBe(404);
    expect((await loginCode(await challengeFor(staff.email), codeAt(staff.secret))).statusCode).toBe(423);
  });

  it('lets another Admin unlock it; not a Moderator, and not the user themselves', async () => {
    const staff = await withSecondFactor('Admin');
    const admin = await signIn(t.app, t.db, 'Admin');
    const moderator = await signIn(t.app, t.db, 'Moderator');
    const url = `/api/admin/users/${staff.id}/second-factor/unlock`;
    expect((await post(url, admin.headers)).statusCode).toBe(409);
    await wrongCodes(staff, MAX_WRONG_CODES);
    expect((await post(url, moderator.headers)).statusCode).toBe(403);
    const self = await post(url, staff.headers);
    expect(self.statusCode).toBe(403);
    expect(self.json().detail).toBe(NOT_YOURSELF_UNLOCK);
    expect((await post(url, admin.headers)).statusCode).toBe(204);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('subject_id', '=', String(staff.id))
      .execute();
    expect(audit).toContainEqual({ action: `Unlocked the two-step login of ${staff.email}`, actor_id: admin.id });
    expect((await loginCode(await challengeFor(staff.email), codeAt(staff.secret))).statusCode).toBe(200);
  });

  it('judges at most 5 codes of one challenge sent at once', async () => {
    const staff = await withSecondFactor();
    const challenge = await challengeFor(staff.email);
    const address = nextIp();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => loginCode(challenge, wrongCode(staff.secret, i), address)),
    );
    const judged = answers.filter((a) => a.json().detail === WRONG_CODE);
    expect(judged.length).toBeLessThanOrEqual(CHALLENGE_ATTEMPTS);
    for (const answer of answers) if (answer.json().detail !== WRONG_CODE) expect(answer.statusCode).toBe(401);
    const row = await t.db.kysely
      .selectFrom('login_challenges')
      .select('attempts')
      .where('user_id', '=', staff.id)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBeLessThanOrEqual(CHALLENGE_ATTEMPTS);
    expect(answers.some((a) => a.json().detail === LOGIN_EXPIRED) || judged.length === 12).toBe(true);
  });

  it('judges at most 10 codes of one factor sent at once over several logins, and locks it once', async () => {
    const staff = await withSecondFactor();
    const challenges = await Promise.all([0, 1, 2].map(() => challengeFor(staff.email)));
    const answers = await Promise.all(
      challenges.flatMap((challenge, c) =>
        Array.from({ length: CHALLENGE_ATTEMPTS }, (_, i) => loginCode(challenge, wrongCode(staff.secret, c * 10 + i))),
      ),
    );
    expect(answers.filter((a) => a.json().detail === WRONG_CODE).length).toBeLessThanOrEqual(MAX_WRONG_CODES);
    expect((await loginCode(await challengeFor(staff.email), codeAt(staff.secret))).statusCode).toBe(423);
    await mailbox.lastMailTo(staff.email);
    expect(mailbox.mailsTo(staff.email)).toHaveLength(1);
  });

  it('lets the password with a right code past the per-account cap, answering anything else as the cap', async () => {
    const staff = await withSecondFactor('Admin');
    const seller = await addUser(t.db, 'User');
    const guess = (email: string, i: number) =>
      login(t.app, email, `guess-${i}`, `2001:db8:${(i + 1).toString(16)}:85::1`);
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
      expect((await guess(staff.email, i)).statusCode).toBe(401);
      expect((await guess(seller.email, i)).statusCode).toBe(401);
    }
    const withCode = (email: string, password: string, code?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password, ...(code === undefined ? {} : { code }) },
        remoteAddress: nextIp(),
      });
    const capped = await withCode(staff.email, TEST_PASSWORD);
    expect(capped.statusCode).toBe(429);
    expect(capped.json()).toMatchObject({ detail: ACCOUNT_LOCKED, code: 'account_capped' });
    // Nothing but both right tells a stranger anything: the same answer for a wrong code or a wrong password.
    const wrongCodeAnswer = await withCode(staff.email, TEST_PASSWORD, wrongCode(staff.secret, 1));
    const wrongPassword = await withCode(staff.email, 'guess-again', codeAt(staff.secret));
    for (const answer of [wrongCodeAnswer, wrongPassword]) {
      expect(answer.statusCode).toBe(429);
      expect(answerBody(answer)).toEqual(answerBody(capped));
    }
    // A seller has no second factor: the cap holds (a password reset is their way in).
    expect((await withCode(seller.email, TEST_PASSWORD, '123456')).statusCode).toBe(429);

    const past = await withCode(staff.email, TEST_PASSWORD, codeAt(staff.secret));
    expect(past.statusCode, past.body).toBe(200);
    expect(past.json()).toMatchObject({ role: 'Admin', token: expect.any(String) });
    // The cap still holds for a password alone.
    expect((await withCode(staff.email, TEST_PASSWORD)).statusCode).toBe(429);
  });
});

describe.each(engines)('REQUIRE_STAFF_MFA for Shop staff [%s]', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { requireStaffMfa: true });
  });
  afterAll(() => t.close());

  it('leads Shop staff to the set-up, which they can reach, and then to their shop’s work', async () => {
    const staff = await addUser(t.db, 'Shop staff', { shopId: await addShop(t.db, 'MFA Shop') });
    const res = await login(t.app, staff.email);
    expect(res.json()).toMatchObject({ role: 'Shop staff', second_factor_setup: true });
    const headers = { authorization: `Bearer ${res.json().token}` };
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers });
    expect((await get('/api/admin/orders')).statusCode).toBe(403);
    const status = await get('/api/admin/account/second-factor');
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ enabled: false, required: true });
    const setup = await t.app.inject({ method: 'POST', url: '/api/admin/account/second-factor', headers });
    expect(setup.statusCode).toBe(200);
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/admin/account/second-factor/confirm',
      headers,
      payload: { code: totp(base32Decode(setup.json().secret), new Date()) },
    });
    expect(confirm.statusCode).toBe(200);
    expect((await get('/api/admin/orders')).statusCode).toBe(200);
  });
});
