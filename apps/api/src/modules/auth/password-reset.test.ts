import { COMMON_PASSWORD, LOGIN_FAILED, RESET_LINK_INVALID } from '@marketplace/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addUser, login, signIn, TEST_PASSWORD } from '../../test/users.js';
import { TOO_MANY_RESET_REQUESTS } from './routes.js';
import { ACCOUNT_LOCKED, MAX_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_PAIR, TOO_MANY_FAILURES } from './service.js';
import { LINKS_PER_EMAIL_PER_HOUR, RESET_LINK_MS } from './password-reset.js';
import { hashPassword } from '../passwords/password.js';
import { startMailbox } from './testing.js';

const NEW_PASSWORD = 'chambo-on-lake-malawi';
let ip = 0;
const nextIp = () => `10.40.${Math.floor(++ip / 250)}.${ip % 250}`;

describe.each(engines)('password reset and the per-account cap [%s]', (engine) => {
  let t: TestApp;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    mailbox = await startMailbox(t.db);
  });
  afterAll(async () => {
    await mailbox.close();
    await t.close();
  });

  const ask = (email: string, remoteAddress = nextIp()) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset', payload: { email }, remoteAddress });
  const reset = (token: string, password: unknown = NEW_PASSWORD) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/auth/password-reset/${token}`,
      payload: { password },
      remoteAddress: nextIp(),
    });
  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { authorization: `Bearer ${token}` } });

  it('answers 202 alike for any email, mails a 30-minute link, and the link sets the password once', async () => {
    const user = await addUser(t.db, 'Moderator');
    const session = (await login(t.app, user.email, TEST_PASSWORD, nextIp())).json().token as string;
    const known = await ask(user.email.toUpperCase());
    const unknown = await ask('nobody-here@example.mw');
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(known.body).toBe(unknown.body);
    expect(mailbox.mailsTo('nobody-here@example.mw')).toEqual([]);

    const mail = await mailbox.lastMailTo(user.email);
    expect(mail.headers.subject).toBe('Marketplace Malawi: set a new password');
    expect(mail.text).toContain(
      'Someone asked to set a new password for your account. To choose one, open this link within 30 minutes:',
    );
    const token = await mailbox.tokenMailed(user.email, '/reset-password');
    expect(mail.text).toContain(`http://localhost:3000/reset-password/${token}`);
    const stored = await t.db.kysely.selectFrom('email_links').selectAll().where('email', '=', user.email).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(Date.parse(stored[0]!.expires_at) - Date.parse(stored[0]!.created_at)).toBe(RESET_LINK_MS);

    for (const [password, message] of [
      ['nine-char', 'Password must be at least 10 characters'],
      ['password123', COMMON_PASSWORD],
      ['malawi2024', COMMON_PASSWORD],
      ['Password1!', COMMON_PASSWORD],
    ] as const) {
      const refused = await reset(token, password);
      expect(refused.statusCode, password).toBe(400);
      expect(refused.json().errors.password).toBe(message);
    }
    const done = await reset(token);
    expect(done.statusCode).toBe(204);
    // Every session of the user ended; the old password is refused, the new one works.
    expect((await me(session)).statusCode).toBe(401);
    expect((await login(t.app, user.email, TEST_PASSWORD, nextIp())).json().message).toBe(LOGIN_FAILED);
    expect((await login(t.app, user.email, NEW_PASSWORD, nextIp())).statusCode).toBe(200);
    // Once only.
    expect((await reset(token, 'another-new-password')).json()).toMatchObject({
      status: 404,
      message: RESET_LINK_INVALID,
    });
    expect((await reset('x'.repeat(43))).json()).toMatchObject({ status: 404, message: RESET_LINK_INVALID });
  });

  it('keeps existing passwords working that the list would refuse today', async () => {
    const user = await addUser(t.db, 'Moderator');
    await t.db.kysely
      .updateTable('users')
      .set({ password_hash: await hashPassword('malawi2024') })
      .where('id', '=', user.id)
      .execute();
    expect((await login(t.app, user.email, 'malawi2024', nextIp())).statusCode).toBe(200);
  });

  it('refuses a link after 30 minutes', async () => {
    const user = await addUser(t.db, 'User');
    await ask(user.email);
    const token = await mailbox.tokenMailed(user.email, '/reset-password');
    await t.db.kysely
      .updateTable('email_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', user.email)
      .execute();
    expect((await reset(token)).json()).toMatchObject({ status: 404, message: RESET_LINK_INVALID });
    expect((await login(t.app, user.email, TEST_PASSWORD, nextIp())).statusCode).toBe(200);
  });

  it('sends one address at most 3 links an hour, and limits each network, with the same answers', async () => {
    const user = await addUser(t.db, 'User');
    for (let i = 0; i < LINKS_PER_EMAIL_PER_HOUR + 2; i++) expect((await ask(user.email)).statusCode).toBe(202);
    await mailbox.lastMailTo(user.email);
    expect(mailbox.mailsTo(user.email)).toHaveLength(LINKS_PER_EMAIL_PER_HOUR);

    // One IPv6 /64 is one network: ten asks, then a 429.
    for (let i = 0; i < 10; i++)
      expect((await ask(`someone${i}@example.mw`, `2001:db8:5:1::${i + 1}`)).statusCode).toBe(202);
    const limited = await ask('someone@example.mw', '2001:db8:5:1:abcd::1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(TOO_MANY_RESET_REQUESTS);
    expect((await ask('someone@example.mw', '2001:db8:5:2::1')).statusCode).toBe(202);
  });

  it('lets only one of two uses of a link at the same moment through', async () => {
    const user = await addUser(t.db, 'User');
    await ask(user.email);
    const token = await mailbox.tokenMailed(user.email, '/reset-password');
    const answers = await Promise.all([reset(token, 'first-new-password'), reset(token, 'second-new-password')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 404]);
    const winner = answers[0]!.statusCode === 204 ? 'first-new-password' : 'second-new-password';
    expect((await login(t.app, user.email, winner, nextIp())).statusCode).toBe(200);
  });

  it('lets an Admin mail a user a reset link from the back-office', async () => {
    const admin = await signIn(t.app, t.db, 'Admin');
    const moderator = await signIn(t.app, t.db, 'Moderator');
    const user = await addUser(t.db, 'User');
    const send = (headers: Record<string, string>, id: number) =>
      t.app.inject({ method: 'POST', url: `/api/admin/users/${id}/password-reset`, headers });
    expect((await send(moderator.headers, user.id)).statusCode).toBe(403);
    expect((await send(admin.headers, 999_999)).statusCode).toBe(404);
    expect((await send(admin.headers, user.id)).statusCode).toBe(202);
    const token = await mailbox.tokenMailed(user.email, '/reset-password');
    expect((await reset(token)).statusCode).toBe(204);
    expect((await login(t.app, user.email, NEW_PASSWORD, nextIp())).statusCode).toBe(200);
  });

  it('stops guessing one account from many addresses of one IPv6 /64 as one address', async () => {
    const user = await addUser(t.db, 'User');
    for (let i = 0; i < MAX_FAILURES_PER_PAIR; i++)
      expect((await login(t.app, user.email, `guess-${i}`, `2001:db8:66:1::${i + 1}`)).statusCode).toBe(401);
    const res = await login(t.app, user.email, 'guess-again', '2001:db8:66:1:9::9');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(TOO_MANY_FAILURES);
  });

  it('caps failures per account over all addresses: guessing from many /64s is refused with Retry-After, a reset lets the owner in', async () => {
    const user = await addUser(t.db, 'Admin');
    // One guess from each of many /64s: no address is ever held back on its own.
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++)
      expect((await login(t.app, user.email, `guess-${i}`, `2001:db8:${(i + 1).toString(16)}:7::1`)).statusCode).toBe(
        401,
      );
    for (const [password, address] of [
      ['guess-more', '2001:db8:ffff:7::1'],
      [TEST_PASSWORD, '2001:db8:fffe:7::1'],
    ]) {
      const res = await login(t.app, user.email, password!, address);
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe(ACCOUNT_LOCKED);
      const seconds = Number(res.headers['retry-after']);
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(15 * 60);
    }
    // Another account is not affected.
    const other = await addUser(t.db, 'User');
    expect((await login(t.app, other.email, TEST_PASSWORD, '2001:db8:ffff:7::1')).statusCode).toBe(200);

    expect((await ask(user.email)).statusCode).toBe(202);
    expect((await reset(await mailbox.tokenMailed(user.email, '/reset-password'))).statusCode).toBe(204);
    expect((await login(t.app, user.email, NEW_PASSWORD, '2001:db8:fffe:7::1')).statusCode).toBe(200);
  });
});
