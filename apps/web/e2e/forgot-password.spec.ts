import { expect, test } from '@playwright/test';
import { waitForMail } from './support/mailbox';
import { screenChecks } from './support/screens';
import { ADMIN, submitLogin } from './support/admin';

// "Forgot your password?" (docs/decisions/0043) on the built server: from /admin/login, the emailed link read
// from run.mjs's SMTP server, a new password set on /reset-password/{token}, then the new one works and the
// old one is refused.

const checkScreen = screenChecks('forgot-password');
const OLD_PASSWORD = 'moderator-old-pass-1';
const NEW_PASSWORD = 'moderator-new-pass-2';

test('staff who forgot their password set a new one with the emailed link', async ({ page, request }) => {
  const email = `forgetful-${Date.now().toString(36)}@example.mw`;
  const { token } = (await (await request.post('/api/v1/auth/login', { data: ADMIN })).json()) as { token: string };
  const created = await request.post('/api/admin/users', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      first_name: 'Tiyamike',
      last_name: 'Mwale',
      display_name: 'Tiyamike Mwale',
      email,
      password: OLD_PASSWORD,
      role: 'Moderator',
    },
  });
  expect(created.status()).toBe(201);

  await page.goto('/admin/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await checkScreen(page, 'ask');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'If an account uses this email address, we have sent it a link to set a new password. The link works for 30 minutes.',
  );
  await checkScreen(page, 'sent');

  const mail = await waitForMail(email, 'set a new password');
  const link = /https?:\/\/\S+(\/reset-password\/[A-Za-z0-9_-]{43})/.exec(mail.text);
  expect(link, 'the reset link in the mail').not.toBeNull();
  await page.goto(link![1]!);
  await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
  // The server's refusal of a leaked password shows under the field.
  await page.getByLabel('New password').fill('password123');
  await page.getByLabel('Type it again').fill('password123');
  await page.getByRole('button', { name: 'Save my new password' }).click();
  await expect(
    page.getByText('This password is too common: it appears in lists of leaked passwords. Please choose another.'),
  ).toBeVisible();
  await checkScreen(page, 'refused');
  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await page.getByLabel('Type it again').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save my new password' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'Your password has been changed. You can now log in with it.',
  );
  await checkScreen(page, 'changed');

  await page.getByRole('link', { name: 'Staff log in' }).click();
  await submitLogin(page, email, OLD_PASSWORD);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await page.goto('/admin/login');
  await submitLogin(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});
