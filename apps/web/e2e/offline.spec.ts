import { expect, test } from '@playwright/test';
import { waitForGrids } from './support/catalogue';
import { waitForApp } from './support/navigation';
import { photo } from './support/photos';
import { screenChecks } from './support/screens';

// The web app on a bad connection. A screen whose code cannot be downloaded says the
// phone seems offline (the top bar stays) and comes back with Try again; a list that cannot load says so
// instead of "No products available"; what a seller typed into /sell survives a reload.

const OFFLINE = 'You seem to be offline. Try again.';
const checkScreen = screenChecks('offline');

test('a screen that cannot be downloaded says the phone seems offline, and Try again brings it', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await waitForGrids(page);
  await waitForApp(page);

  await context.setOffline(true);
  // The sell screen's code has not been downloaded yet.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sell an Item' }).click();
  await expect(page).toHaveURL(/\/sell$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: OFFLINE })).toBeVisible();
  // Not a blank page: the top bar and the footer are still there.
  await expect(page.getByRole('banner').getByRole('combobox', { name: 'Search products' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await checkScreen(page, 'screen');

  await context.setOffline(false);
  await page.getByRole('main').getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sell or offer us your item' })).toBeVisible();
  await expect(page.getByText(OFFLINE)).toHaveCount(0);
});

test('a list that cannot load says so instead of the empty state, and Try again fills it', async ({
  page,
  context,
}) => {
  await page.goto('/discover?category=SmartPhones');
  await waitForGrids(page);
  await waitForApp(page);

  await context.setOffline(true);
  await page
    .getByRole('navigation', { name: 'Categories' })
    .getByRole('link', { name: 'Laptops and Computers' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Discover Laptops and Computers' })).toBeVisible();
  await expect(page.getByRole('main').getByText(OFFLINE)).toBeVisible();
  await expect(page.getByText('No products available')).toHaveCount(0);
  await checkScreen(page, 'list');

  await context.setOffline(false);
  await page.getByRole('main').getByRole('button', { name: 'Try again' }).click();
  await waitForGrids(page);
  await expect(
    page.getByRole('list', { name: 'Discover Laptops and Computers' }).getByRole('article').first(),
  ).toBeVisible();
  await expect(page.getByText(OFFLINE)).toHaveCount(0);
});

test('what a seller typed into /sell is still there after a reload; the photos are picked again', async ({ page }) => {
  await page.goto('/sell');
  await page.getByLabel('Photos of your item').setInputFiles([await photo('front.png', '#0f766e')]);
  await expect(page.getByRole('list', { name: 'Selected images' }).getByRole('img')).toHaveCount(1);
  await page.getByLabel('Item name').fill('Tecno Spark 10');
  await page.getByLabel('Description').fill('Cracked back, screen fine.');
  await page.getByLabel('Price or value (MWK)').fill('95000');
  await page.getByLabel('Your name').fill('Thoko Phiri');
  await page.getByLabel('Phone number').fill('0888 123 456');
  await page.getByLabel('Location').fill('Mzuzu');
  await page.getByLabel('Create a seller account for me').check();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Sell or offer us your item' })).toBeVisible();
  await expect(page.getByLabel('Item name')).toHaveValue('Tecno Spark 10');
  await expect(page.getByLabel('Description')).toHaveValue('Cracked back, screen fine.');
  await expect(page.getByLabel('Price or value (MWK)')).toHaveValue('95000');
  await expect(page.getByLabel('Your name')).toHaveValue('Thoko Phiri');
  await expect(page.getByLabel('Phone number')).toHaveValue('0888 123 456');
  await expect(page.getByLabel('Location')).toHaveValue('Mzuzu');
  await expect(page.getByLabel('Create a seller account for me')).toBeChecked();
  await expect(page.getByRole('region', { name: 'Preview' })).toContainText('Tecno Spark 10');
  await expect(page.getByRole('list', { name: 'Selected images' })).toHaveCount(0);
});
