import { expect, test } from '@playwright/test';
import { base32Decode, STEP_SECONDS, totp } from '../../api/src/modules/auth/totp';
import { ADMIN, login, logout, screenshots, sidebar, submitLogin } from './support/admin';
import { expectNoSeriousA11yViolations } from './support/axe';

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
