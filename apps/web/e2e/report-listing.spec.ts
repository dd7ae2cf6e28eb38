import { expect, test } from '@playwright/test';
import { login, sidebar } from './support/admin';
import { getProduct, listProducts } from './support/catalogue';
import { waitForApp } from './support/navigation';
import { screenChecks } from './support/screens';

// docs/decisions/0058: a visitor reports an item from its page; staff find it in the Reports queue and dismiss
// it. The item is one no other journey touches, and one report leaves it on sale.

const checkScreen = screenChecks('report-listing');
const ITEM = 'Defy 4-Plate Electric Stove';

test('a visitor reports an item, and staff see the report in the queue and dismiss it', async ({ page, request }) => {
  const item = (await listProducts(request)).find((p) => p.name === ITEM);
  if (!item) throw new Error(`seeded product ${ITEM} is missing`);

  await page.goto(`/product/${item.id}`);
  await waitForApp(page);
  await page.getByRole('button', { name: 'Report this item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this item' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose a reason');
  await dialog.getByRole('radio', { name: 'Wrong price' }).check();
  await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('The shop asked me for more on the phone.');
  await checkScreen(page, 'dialog', false);

  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Thank you. Our team will check this item.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Report this item' })).toHaveCount(0);
  await checkScreen(page, 'sent');

  await login(page);
  await sidebar(page).getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/admin\/reports$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: ITEM });
  await expect(row).toContainText('Wrong price: The shop asked me for more on the phone.');
  await expect(row).toContainText('Published');
  await expect(row.getByRole('link', { name: ITEM })).toHaveAttribute('href', `/admin/products/${item.id}`);
  await checkScreen(page, 'queue');

  await row.getByRole('button', { name: `Dismiss reports of ${ITEM}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Please confirm' });
  await expect(confirm).toContainText(`Dismiss the reports of ${ITEM}?`);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Reports dismissed')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: ITEM })).toHaveCount(0);
  await expect(page.getByText('No open reports.')).toBeVisible();
  expect((await getProduct(request, item.id)).name).toBe(ITEM);
});
