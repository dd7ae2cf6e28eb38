import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';

// Issue 4: create a Moderator, log out, log in as that Moderator, check Users is refused and Products
// works; then, as the Admin again, delete the Moderator with the spec's confirm and toast.
const ADMIN = { email: 'admin@marketplace.mw', password: 'malawi-demo-admin' };
const shot = (name: string) => fileURLToPath(new URL(`../e2e-artifacts/${name}.png`, import.meta.url));

async function screenshots(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: shot(`${name}-360`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: shot(`${name}-1280`), fullPage: true });
}

async function login(page: Page, email: string, password: string) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

async function logout(page: Page) {
  await page.getByRole('navigation', { name: 'Back-office' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
}

test('an Admin creates a Moderator, who may use Products but not Users', async ({ page }) => {
  const stamp = Date.now();
  const moderator = { first: 'Thoko', last: 'Banda', display: `Thoko ${stamp}`, email: `thoko.${stamp}@marketplace.mw`, password: 'moderator-pass-1' };

  await login(page, ADMIN.email, ADMIN.password);
  await page.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Email', 'Role', 'Status', 'Actions']);
  await expect(table.getByRole('cell', { name: ADMIN.email })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'users list');
  await screenshots(page, 'admin-users');

  await page.getByRole('link', { name: 'Create New User' }).click();
  await expect(page).toHaveURL(/\/admin\/users\/create$/);
  await page.getByRole('button', { name: 'Create User' }).click();
  for (const message of ['First name is required', 'Last name is required', 'Display name is required', 'Email is required', 'Password is required']) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page, 'create user (with errors)');
  await screenshots(page, 'admin-user-create');

  await page.getByLabel('First name').fill(moderator.first);
  await page.getByLabel('Last name').fill(moderator.last);
  await page.getByLabel('Display name').fill(moderator.display);
  await page.getByLabel('Email').fill(moderator.email);
  await page.getByLabel('Password').fill(moderator.password);
  await expect(page.getByLabel('Role')).toHaveValue('User');
  await page.getByLabel('Role').selectOption('Moderator');
  await page.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('User created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/users$/);
  const row = page.getByRole('row').filter({ hasText: moderator.email });
  await expect(row).toContainText('Moderator');

  // A duplicate email is refused with the server's message.
  await page.getByRole('link', { name: 'Create New User' }).click();
  await page.getByLabel('First name').fill('Second');
  await page.getByLabel('Last name').fill('Copy');
  await page.getByLabel('Display name').fill('Second copy');
  await page.getByLabel('Email').fill(moderator.email);
  await page.getByLabel('Password').fill('another-pass-1');
  await page.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('A user with this email already exists.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/users\/create$/);

  // The edit form (Name, Email, Role, Status) opens from the actions menu.
  await page.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Users' }).click();
  await page.getByRole('button', { name: `Actions for ${moderator.display}` }).click();
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit User' })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue(moderator.display);
  await expect(page.getByLabel('Status')).toHaveValue('active');
  await expectNoSeriousA11yViolations(page, 'edit user');
  await screenshots(page, 'admin-user-edit');

  await logout(page);
  await login(page, moderator.email, moderator.password);
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${moderator.display}` })).toBeVisible();
  await page.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Products', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Products' }).locator('tbody tr').first()).toBeVisible();
  await logout(page);

  await login(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/users');
  // Deleting yourself is refused.
  await page.getByRole('button', { name: 'Actions for Admin' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Are you sure you want to delete this user?');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('You cannot delete your own account.')).toBeVisible();

  await page.getByRole('button', { name: `Actions for ${moderator.display}` }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Are you sure you want to delete this user?');
  await expectNoSeriousA11yViolations(page, 'delete user dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toBeVisible();
  await page.getByRole('button', { name: `Actions for ${moderator.display}` }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('User deleted successfully')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: moderator.email })).toHaveCount(0);
});
