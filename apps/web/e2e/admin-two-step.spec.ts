import { expect, test, type APIRequestContext } from '@playwright/test';
import { base32Decode, STEP_SECONDS, totp } from '../../api/src/modules/auth/totp';
import { ADMIN, login, logout, screenshots, sidebar, submitLogin } from './support/admin';
import { expectNoSeriousA11yViolations } from './support/axe';
import { mailbox } from './support/mailbox';

// A Moderator sets up two-step login on My Account (QR code, key as text, a code computed here as an app
// would, the recovery codes once), logs out, and logs in again with the password and then a code.

test('a Moderator sets up two-step login and logs in with a code', async ({ page, request }) => {
  const stamp = Date.now();
  const moderator = { email: `chisomo.${stamp}@marketplace.mw`, password: 'moderator-pass-2' };
  const adminLogin = await request.post('/api/v1/auth/login', { data: ADMIN });
  const { token } = (await adminLogin.json()) as { token: string };
  const created = await request.post('/api/admin/users', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      first_name: 'Chisomo',
      last_name: 'Mwale',
      display_name: `Chisomo ${stamp}`,
      role: 'Moderator',
      ...moderator,
    },
  });
  expect(created.status()).toBe(201);

  await login(page, moderator);
  await sidebar(page).first().getByRole('link', { name: 'My Account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  await page.getByRole('button', { name: 'Set up two-step login' }).click();
  await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = base32Decode((await page.getByTestId('secret').textContent()) ?? '');
  await expectNoSeriousA11yViolations(page, 'two-step set-up');
  await screenshots(page, 'admin-two-step-setup');

  await page.getByLabel('Code from the app').fill(totp(secret, new Date()));
  await page.getByRole('button', { name: 'Confirm' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await screenshots(page, 'admin-two-step-recovery-codes');
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(page.getByText('10 of your recovery codes are left.', { exact: false })).toBeVisible();
  await logout(page);

  await submitLogin(page, moderator.email, moderator.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Two-step login' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expectNoSeriousA11yViolations(page, 'login code step');
  await screenshots(page, 'admin-login-code');
  // The set-up's code was used once already: the app's next code, which is accepted a step early.
  await page.getByLabel('Code').fill(totp(secret, new Date(Date.now() + STEP_SECONDS * 1000)));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, Chisomo ${stamp}` })).toBeVisible();
});

// docs/decisions/0085: Shop staff set up two-step login too. 10 wrong codes in a row lock it: the login shows
// the lock even for the right code, the owner is emailed a link, and its page unlocks it on a button press.
// Every journey comes from one address, which the per-address cap stops at 5 failures: a password reset
// (which forgets failed logins, not wrong codes) lets this journey type the other 5.

/** The newest mail to `to` with `subject` once there are `count` of them; the link in it to `path`. */
async function mailedLink(to: string, subject: string, count: number, path: string) {
  const mails = () => mailbox().filter((m) => m.to.includes(to) && m.subject.includes(subject));
  await expect.poll(() => mails().length, { timeout: 20_000 }).toBe(count);
  const link = new RegExp(`https?://\\S+(${path}/[A-Za-z0-9_-]{43})`).exec(mails().at(-1)!.text);
  expect(link, `the ${path} link in the mail`).not.toBeNull();
  return link![1]!;
}

async function newPassword(request: APIRequestContext, email: string, password: string, count: number) {
  expect((await request.post('/api/v1/auth/password-reset', { data: { email } })).status()).toBe(202);
  const link = await mailedLink(email, 'set a new password', count, '/reset-password');
  const token = link.split('/').at(-1)!;
  expect((await request.post(`/api/v1/auth/password-reset/${token}`, { data: { password } })).status()).toBe(204);
}

/** Five wrong codes on one login: the most one address may type before it is held back. */
async function fiveWrongCodes(
  request: APIRequestContext,
  account: { email: string; password: string },
  secret: Buffer,
) {
  const answer = await request.post('/api/v1/auth/login', { data: account });
  const { challenge } = (await answer.json()) as { challenge: string };
  const now = Date.now();
  const right = new Set([-1, 0, 1, 2].map((s) => totp(secret, new Date(now + s * STEP_SECONDS * 1000))));
  const wrong = ['111111', '222222', '333333', '444444', '555555', '666666', '777777'].filter((c) => !right.has(c));
  for (const code of wrong.slice(0, 5)) {
    const refused = await request.post('/api/v1/auth/login/code', { data: { challenge, code } });
    expect(refused.status()).toBe(401);
  }
}

test('Shop staff set up two-step login; 10 wrong codes lock it until the emailed link unlocks it', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const staff = { email: `tadala.${stamp}@marketplace.mw`, password: 'tadala-shop-pass-7' };
  const adminLogin = await request.post('/api/v1/auth/login', { data: ADMIN });
  const headers = { Authorization: `Bearer ${((await adminLogin.json()) as { token: string }).token}` };
  const { shops } = (await (await request.get('/api/admin/shops?limit=50', { headers })).json()) as {
    shops: { id: number }[];
  };
  const created = await request.post('/api/admin/users', {
    headers,
    data: {
      first_name: 'Tadala',
      last_name: 'Banda',
      display_name: `Tadala ${stamp}`,
      role: 'Shop staff',
      shop_id: shops[0]!.id,
      ...staff,
    },
  });
  expect(created.status()).toBe(201);

  await login(page, staff);
  await sidebar(page).first().getByRole('link', { name: 'My Account' }).click();
  await page.getByRole('button', { name: 'Set up two-step login' }).click();
  await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = base32Decode((await page.getByTestId('secret').textContent()) ?? '');
  await screenshots(page, 'admin-two-step-shop-staff-setup');
  await page.getByLabel('Code from the app').fill(totp(secret, new Date()));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(page.getByText('10 of your recovery codes are left.', { exact: false })).toBeVisible();
  await logout(page);

  // A guesser with the password: 5 wrong codes, held back; 5 more after the failures are forgotten: locked.
  await fiveWrongCodes(request, staff, secret);
  staff.password = 'tadala-new-pass-8';
  await newPassword(request, staff.email, staff.password, 1);
  await fiveWrongCodes(request, staff, secret);
  const unlockLink = await mailedLink(staff.email, 'two-step login locked', 1, '/admin/unlock-two-step');
  staff.password = 'tadala-new-pass-9';
  await newPassword(request, staff.email, staff.password, 2);

  // The owner, with the right code, is told it is locked and how to unlock it.
  await submitLogin(page, staff.email, staff.password);
  await page.getByLabel('Code').fill(totp(secret, new Date(Date.now() + STEP_SECONDS * 1000)));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Two-step login is locked' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Open the link we emailed you to unlock it, or ask an Admin.');
  await expectNoSeriousA11yViolations(page, 'two-step locked');
  await screenshots(page, 'admin-two-step-locked');

  await page.goto(unlockLink);
  await expect(page.getByRole('heading', { level: 1, name: 'Unlock two-step login' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'unlock two-step');
  await screenshots(page, 'admin-unlock-two-step');
  await page.getByRole('button', { name: 'Unlock two-step login' }).click();
  await expect(page.getByText('Two-step login is unlocked.', { exact: false })).toBeVisible();
  await screenshots(page, 'admin-unlock-two-step-done');
  await page.getByRole('link', { name: 'Go to login' }).click();

  await submitLogin(page, staff.email, staff.password);
  await page.getByLabel('Code').fill(totp(secret, new Date(Date.now() + STEP_SECONDS * 1000)));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, Tadala ${stamp}` })).toBeVisible();
});
