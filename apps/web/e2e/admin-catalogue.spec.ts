import { expect, test } from '@playwright/test';
import { login, screenshots, sidebar } from './support/admin';
import { expectNoSeriousA11yViolations } from './support/axe';

// Create a category and see it in the list (with its parent), view/edit it, delete it; shops are
// paged 5 at a time with 'Page x of y', Edit opens a real form, and an Admin can create and delete shops.

test('categories: create with a parent, view and edit, refuse and delete', async ({ page }) => {
  const name = `Tablets ${Date.now() % 1_000_000}`;
  await login(page);
  await sidebar(page).getByRole('link', { name: 'Categories' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
  await expect(page.getByRole('table').getByRole('columnheader')).toHaveText([
    'Name',
    'Description',
    'Parent',
    'Actions',
  ]);
  await expect(page.getByRole('button', { name: 'Delete SmartPhones' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'categories list');
  await screenshots(page, 'admin-categories');

  await page.getByRole('link', { name: 'Create categories' }).click();
  await expect(page).toHaveURL(/\/admin\/create-category$/);
  await page.getByRole('button', { name: 'Create Category' }).click();
  await expect(page.getByText('Category name is required')).toBeVisible();
  await page.getByLabel('Name').fill('T');
  await page.getByRole('button', { name: 'Create Category' }).click();
  await expect(page.getByText('Too Short!')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'create category');
  await screenshots(page, 'admin-category-create');

  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Description').fill('Android and iPad tablets.');
  await page.getByLabel('Parent category').selectOption({ label: 'SmartPhones' });
  await page.getByRole('button', { name: 'Create Category' }).click();
  await expect(page).toHaveURL(/\/admin\/categories$/);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Android and iPad tablets.');
  await expect(row).toContainText('SmartPhones');

  await row.getByRole('link', { name: `View / Edit ${name}` }).click();
  await expect(page).toHaveURL(/\/admin\/view-category\/\d+$/);
  await expect(page.getByText('Category fetched successfully!')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue(name);
  await expect(page.getByLabel('Parent category').locator('option:checked')).toHaveText('SmartPhones');
  await expectNoSeriousA11yViolations(page, 'edit category');
  await screenshots(page, 'admin-category-edit');
  await page.getByLabel('Description').fill('Tablets of every size.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/categories$/);
  await expect(row).toContainText('Tablets of every size.');

  // A category that products use cannot be deleted.
  await page.getByRole('button', { name: 'Delete SmartPhones' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Are you sure you want to delete this category?');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(/used by products/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete SmartPhones' })).toBeVisible();

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});

test('shops: 5 per page, a real edit form, create and delete', async ({ page }) => {
  const stamp = Date.now() % 1_000_000;
  await login(page);
  await sidebar(page).getByRole('link', { name: 'Shops' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shops' })).toBeVisible();
  await expect(page.getByRole('table').getByRole('columnheader')).toHaveText([
    'Name',
    'Address',
    'Town',
    'Hours',
    'Phone',
    'Actions',
  ]);
  await expectNoSeriousA11yViolations(page, 'shops list');

  // Enough shops for a second page.
  const created: string[] = [];
  for (let i = 1; i <= 3; i += 1) {
    const shopName = `Mzuzu Shop ${stamp}-${i}`;
    await page.getByRole('link', { name: 'Create Shop' }).click();
    if (i === 1) {
      await page.getByRole('button', { name: 'Create Shop' }).click();
      await expect(page.getByText('Shop name is required')).toBeVisible();
      await expect(page.getByText('Town is required')).toBeVisible();
      await page.getByLabel('Phone (optional)').fill('12345');
      await page.getByRole('button', { name: 'Create Shop' }).click();
      await expect(page.getByText('Enter a Malawi phone number: +265 or 0 followed by 9 digits')).toBeVisible();
      await page.getByLabel('Phone (optional)').fill('0888 123 456');
      await expectNoSeriousA11yViolations(page, 'create shop');
      await screenshots(page, 'admin-shop-create');
    }
    await page.getByLabel('Name').fill(shopName);
    await page.getByLabel('Address').fill('M1 Road, Mzuzu');
    await page.getByLabel('Town').fill('Mzuzu');
    await page.getByLabel('Hours').fill('Mon-Fri 08:00-17:00');
    await page.getByRole('button', { name: 'Create Shop' }).click();
    await expect(page).toHaveURL(/\/admin\/shops$/);
    created.push(shopName);
  }

  const pager = page.getByRole('navigation', { name: 'Shops pages' });
  await expect(page.getByRole('region', { name: 'Shops' }).locator('tbody tr')).toHaveCount(5);
  await expect(pager).toContainText(/Page 1 of \d+/);
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await screenshots(page, 'admin-shops');
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager).toContainText('Page 2 of');
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeEnabled();

  // Edit opens a real form.
  const last = created[created.length - 1]!;
  const lastRow = page.getByRole('row').filter({ hasText: last });
  await lastRow.getByRole('link', { name: `Edit ${last}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Shop' })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue(last);
  await expectNoSeriousA11yViolations(page, 'edit shop');
  await screenshots(page, 'admin-shop-edit');
  await page.getByLabel('Hours').fill('Mon-Sat 07:30-18:00');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/shops$/);

  // A shop that still has products is not deleted.
  await page.getByRole('button', { name: 'Delete Lilongwe City Centre Shop' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(/still has products/).first()).toBeVisible();

  for (const shopName of created) {
    await page.goto('/admin/shops?page=2');
    const target = page.getByRole('button', { name: `Delete ${shopName}` });
    if (!(await target.isVisible())) await page.goto('/admin/shops');
    await page.getByRole('button', { name: `Delete ${shopName}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('button', { name: `Delete ${shopName}` })).toHaveCount(0);
  }
});
