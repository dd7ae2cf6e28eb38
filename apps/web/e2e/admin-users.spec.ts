import { expect, test } from '@playwright/test';
import { ADMIN, login, logout, screenshots, sidebar } from './support/admin';
import { expectNoSeriousA11yViolations } from './support/axe';

// Create a Moderator, log out, log in as that Moderator, check Users is refused and Products
// works; then, as the Admin again, delete the Moderator with its confirm and toast.

test('an Admin creates a Moderator, who may use Products but not Users', async ({ page }) => {
  const stamp = Date.now();
  const moderator = {
    first: 'Thoko',
    last: 'Banda',
    display: `Thoko ${stamp}`,
    email: `thoko.${stamp}@marketplace.mw`,
    password: 'moderator-pass-1',
  };

  await login(page);
  await sidebar(page).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Email', 'Role', 'Status', 'Actions']);
  await expect(table.getByRole('cell', { name: ADMIN.email })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'users list');
  await screenshots(page, 'admin-users');

  await page.getByRole('link', { name: 'Create New User' }).click();
  await expect(page).toHaveURL(/\/admin\/users\/create$/);
  await page.getByRole('button', { name: 'Create User' }).click();
  for (const message of [
    'First name is required',
    'Last name is required',
    'Display name is required',
    'Email is required',
    'Password is required',
  ]) {
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
  await sidebar(page).getByRole('link', { name: 'Users' }).click();
  await page.getByRole('button', { name: `Actions for ${moderator.display}` }).click();
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit User' })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue(moderator.display);
  await expect(page.getByLabel('Status')).toHaveValue('active');
  await expectNoSeriousA11yViolations(page, 'edit user');
  await screenshots(page, 'admin-user-edit');

  await logout(page);
  await login(page, moderator);
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${moderator.display}` })).toBeVisible();
  await sidebar(page).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await sidebar(page).getByRole('link', { name: 'Products', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Products' }).locator('tbody tr').first()).toBeVisible();
  await logout(page);

  await login(page);
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
  await screenshots(page, 'admin-user-delete-dialog');
  // Focus starts on Cancel, Tab moves to Confirm, and Escape says no.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: `Actions for ${moderator.display}` }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toBeVisible();
  await page.getByRole('button', { name: `Actions for ${moderator.display}` }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('User deleted successfully')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: moderator.email })).toHaveCount(0);
});
