import { expect, test } from '@playwright/test';
import { login } from './support/admin';
import { listProducts, waitForGrids } from './support/catalogue';
import { screenChecks } from './support/screens';

// Brand, storage and RAM (docs/decisions/0069): a buyer narrows discover to Samsung phones with 128 GB through
// the filters, the URL says so, and the product page states them; staff see them suggested from the name on
// the product form.

const checkScreen = screenChecks('specs');

test('a buyer filters discover by brand and storage, and reads them on the product page', async ({ page }) => {
  await page.goto('/discover?category=SmartPhones');
  await waitForGrids(page);
  await page.getByText('Filters', { exact: true }).click();
  const brand = page.getByRole('combobox', { name: 'Brand' });
  // The brands come from the catalogue once the filters are opened.
  await expect(brand.getByRole('option', { name: 'Samsung', exact: true })).toBeAttached();
  await expect(brand.getByRole('option', { name: 'Tecno', exact: true })).toBeAttached();
  await brand.selectOption('Samsung');
  await page.getByRole('combobox', { name: 'Storage' }).selectOption({ label: '128 GB' });
  await expect(page.getByRole('combobox', { name: 'RAM' }).getByRole('option', { name: '8 GB' })).toBeAttached();
  await checkScreen(page, 'discover-filters-open');
  await page.getByRole('button', { name: 'Apply filters' }).click();

  await expect(page).toHaveURL(/\/discover\?category=SmartPhones&brand=Samsung&storage=128$/);
  await waitForGrids(page);
  await expect(page.getByText('Filters (2)')).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards.filter({ hasText: 'Samsung Galaxy A54 5G 128GB' })).toHaveCount(1);
  await expect(cards.filter({ hasText: 'iPhone 12 64GB' })).toHaveCount(0);
  await expect(cards.filter({ hasText: 'Tecno Spark 10 Pro' })).toHaveCount(0);

  // Served from the URL alone: a reload (the server renders it) shows the same list.
  await page.reload();
  await waitForGrids(page);
  await expect(cards.filter({ hasText: 'Samsung Galaxy A54 5G 128GB' })).toHaveCount(1);
  await expect(cards.filter({ hasText: 'Google Pixel 6a' })).toHaveCount(0);

  await cards
    .filter({ hasText: 'Samsung Galaxy A54 5G 128GB' })
    .getByRole('link', { name: 'Samsung Galaxy A54 5G 128GB', exact: true })
    .click();
  const stated = page.getByTestId('item-specs');
  await expect(stated).toContainText('Brand');
  await expect(stated).toContainText('Samsung');
  await expect(stated).toContainText('128 GB');
  await expect(stated).toContainText('8 GB');
});

test('staff see brand, storage and RAM suggested from the name on the product form', async ({ page, request }) => {
  await login(page);
  await page.goto('/admin/create-product');
  await page.getByLabel('Item Name').fill('HP EliteBook 840 G5, 8GB RAM, 256GB SSD');
  await expect(page.getByLabel('Brand')).toHaveValue('HP');
  await expect(page.getByLabel('Storage (GB)')).toHaveValue('256');
  await expect(page.getByLabel('RAM (GB)')).toHaveValue('8');
  await checkScreen(page, 'product-form');

  // A seeded laptop states them, and its edit form shows them as stored.
  const laptop = (await listProducts(request)).find((p) => p.name === 'Lenovo ThinkPad T480')!;
  expect(laptop).toMatchObject({ brand: 'Lenovo', storage_gb: 512, ram_gb: 16 });
  await page.goto(`/admin/products/${laptop.id}`);
  await expect(page.getByLabel('Brand')).toHaveValue('Lenovo');
  await expect(page.getByLabel('Storage (GB)')).toHaveValue('512');
  await expect(page.getByLabel('RAM (GB)')).toHaveValue('16');
});
