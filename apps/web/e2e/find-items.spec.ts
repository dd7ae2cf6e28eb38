import { expect, test, type Page } from '@playwright/test';
import { listProducts, waitForGrids } from './support/catalogue';
import { waitForApp } from './support/navigation';
import { PHONE, screenChecks } from './support/screens';

// Finding items (docs/decisions/0027, 0028), on a phone: search with a plural and a typo, pick a suggestion with the
// keyboard, then narrow a category by price and sort it, and come back with the back button.

const checkScreen = screenChecks('find', { endAtPhone: true });
test.use({ viewport: PHONE });

const searchBox = (page: Page) => page.getByRole('banner').getByRole('combobox', { name: 'Search products' });
const resultNames = (page: Page) => page.getByRole('main').getByRole('article').getByRole('heading').allTextContents();

async function search(page: Page, words: string) {
  await searchBox(page).fill(words);
  await searchBox(page).press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for “${words}”`);
  await waitForGrids(page);
}

test('search forgives a plural and a typo, and suggests names as you type', async ({ page }) => {
  await page.goto('/');
  await waitForApp(page);
  await search(page, 'phones');
  const phones = await resultNames(page);
  // The seeded phones, though no name says "phones": the category (SmartPhones) matched.
  expect(phones).toContain('Samsung Galaxy A54 5G 128GB');
  expect(phones).toContain('iPhone 12 64GB');
  await checkScreen(page, 'search-phones');

  await search(page, 'samsnug');
  expect((await resultNames(page))[0]).toMatch(/^Samsung /);

  // Suggestions: type part of a name, arrow down to it, Enter opens the item.
  await searchBox(page).fill('iphon');
  const option = page.getByRole('option', { name: 'iPhone 12 64GB' });
  await expect(option).toBeVisible();
  await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'true');
  await checkScreen(page, 'suggestions', false);
  await searchBox(page).press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL(/\/product\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('iPhone 12 64GB');
});

test('filters a category by price, sorts it by price, and Back undoes each step', async ({ page, request }) => {
  const phones = (await listProducts(request, 'limit=100')).filter((p) => p.category?.category_name === 'SmartPhones');
  expect(phones.filter((p) => p.price >= 100000 && p.price <= 500000).length).toBeGreaterThan(1);
  // What the API answers for the filtered page now (other journeys may add items while this one runs).
  const filtered = async () => {
    const response = await request.get(
      '/api/v1/products/category/SmartPhones?limit=10&offset=0&min_price=100000&max_price=500000&sort=price_asc',
    );
    return ((await response.json()) as { products: { name: string }[] }).products.map((p) => p.name);
  };

  await page.goto('/discover?category=SmartPhones');
  await waitForApp(page);
  await waitForGrids(page);
  await page.getByLabel('Sort by').selectOption('price_asc');
  await expect(page).toHaveURL(/\/discover\?category=SmartPhones&sort=price_asc$/);
  await waitForGrids(page);

  await page.getByText('Filters', { exact: true }).click();
  await page.getByLabel('From', { exact: true }).fill('500000');
  await page.getByLabel('To', { exact: true }).fill('100000');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByRole('alert')).toHaveText('Price from must not be more than price to');
  await page.getByLabel('From', { exact: true }).fill('100,000');
  await page.getByLabel('To', { exact: true }).fill('500000');
  await checkScreen(page, 'filters-open', false);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/\/discover\?category=SmartPhones&min_price=100000&max_price=500000&sort=price_asc$/);
  await waitForGrids(page);
  await expect.poll(async () => (await resultNames(page)).join('|')).toBe((await filtered()).join('|'));
  // Prices as the cards show them: in range and rising.
  const prices = (await page.getByTestId('card-price').allTextContents()).map((text) =>
    Number(text.replace(/\D/g, '')),
  );
  expect(prices.length).toBeGreaterThan(1);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  for (const price of prices) {
    expect(price).toBeGreaterThanOrEqual(100000);
    expect(price).toBeLessThanOrEqual(500000);
  }
  await expect(page.getByText('Filters (1)', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply filters' })).toBeHidden();
  await checkScreen(page, 'filtered');

  await page.goBack();
  await expect(page).toHaveURL(/\/discover\?category=SmartPhones&sort=price_asc$/);
  await waitForGrids(page);
  expect((await resultNames(page)).length).toBeGreaterThan(prices.length);
  await page.goBack();
  await expect(page).toHaveURL(/\/discover\?category=SmartPhones$/);

  // A shared link to the filtered page opens on it, rendered by the server, without hydration warnings.
  const warnings: string[] = [];
  page.on('pageerror', (error) => warnings.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') warnings.push(message.text());
  });
  await page.goto('/discover?category=SmartPhones&min_price=100000&max_price=500000&sort=price_asc');
  await waitForApp(page);
  await expect(page.getByLabel('Sort by')).toHaveValue('price_asc');
  expect((await resultNames(page)).join('|')).toBe((await filtered()).join('|'));
  expect(warnings).toEqual([]);
});
