import { CATEGORY_SHORTCUTS } from '@marketplace/shared';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, shot } from './support/admin';
import { waitForGrids } from './support/catalogue';
import { picture } from './support/picture';
import { PHONE, screenChecks } from './support/screens';
import { staff, submitSell } from './support/staff-api';

// docs/product.md#discover and #search-without-dead-ends: every item, every category staff create, and a
// search that finds nothing offers one that does.
const checkScreen = screenChecks('browse-all');
const CATEGORY = 'Tablets & E-readers';
const EMPTY = 'Drones & Gimbals';
const ITEM = 'Kindle Paperwhite 10th Gen';

/** The search for PlayStation, run, with its items. */
async function showsPlayStations(page: Page) {
  await expect(page).toHaveURL(/\/discover\?search=PlayStation$/);
  await expect(
    page
      .getByRole('main')
      .getByRole('link', { name: /PlayStation/ })
      .first(),
  ).toBeVisible();
}

test('a buyer browses All and a new category, and follows the suggestion of a search that found nothing', async ({
  page,
  request,
}) => {
  // Staff create two categories and put an item on sale in one of them.
  const login = await request.post('/api/v1/auth/login', { data: ADMIN });
  const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  for (const name of [CATEGORY, EMPTY]) {
    const made = await request.post('/api/admin/categories', { headers, data: { name } });
    expect(made.status(), await made.text()).toBe(201);
  }
  const admin = await staff(request);
  const id = await admin.idOf(await submitSell(request, ITEM, { description: 'E-reader, 8 GB, glare-free screen.' }));
  await admin.stock(id, { shop: 'Mzuzu Shop', category: CATEGORY, offer: 90000, price: 140000 });

  // The server's render already holds the new category: the first paint shows it, no extra round trip.
  const rendered = await (await request.get('/')).text();
  expect(rendered).toContain('Tablets &amp; E-readers');

  await page.setViewportSize(PHONE);
  await page.goto('/');
  const row = page.getByRole('navigation', { name: 'Categories' });
  const chips = row.getByRole('link');
  await expect(chips.first()).toHaveText('All');
  const names = await chips.allTextContents();
  expect(names.slice(0, 7)).toEqual(['All', ...CATEGORY_SHORTCUTS]);
  expect(names).toContain(CATEGORY);
  // A category without items is not shown to buyers.
  expect(names).not.toContain(EMPTY);

  // All: every item on sale, whatever its category.
  await row.getByRole('link', { name: 'All', exact: true }).click();
  await expect(page).toHaveURL(/\/discover\?category=all$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All items for sale');
  // The page's count is the API's: compared until they agree, since a journey running beside this one may add or
  // delete an item between the two reads (admin-products did, once: 31 read, 30 shown after its deletion).
  const count = page.getByRole('region', { name: 'All items for sale' }).getByText(/^\d+ items$/);
  const shown = Number((await count.textContent())?.split(' ')[0]);
  const total = async () =>
    ((await (await request.get('/api/v1/products?category=all&limit=1')).json()) as { total: number }).total;
  await expect.poll(total).toBe(shown);
  await expect(page.getByRole('list', { name: 'All items for sale' }).getByRole('article')).toHaveCount(10);
  await expect(row.getByRole('link', { name: 'All', exact: true })).toHaveAttribute('aria-current', 'page');
  await waitForGrids(page);
  await checkScreen(page, 'all');

  // The new category, from the row.
  await page.setViewportSize(PHONE);
  await row.getByRole('link', { name: CATEGORY }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Discover ${CATEGORY}`);
  await expect(page.getByRole('main').getByRole('link', { name: ITEM, exact: true })).toBeVisible();
  await waitForGrids(page);
  await checkScreen(page, 'category');

  // The phone's menu lists the same categories.
  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' }).getByRole('list', { name: 'Categories' });
  await expect(menu.getByRole('link')).toHaveText(names);
  await picture(page, shot('browse-all-menu-360'));
  await menu.getByRole('link', { name: 'All', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All items for sale');

  // A misspelling too far to correct silently: one empty message, and the search the catalogue knows.
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.fill('plestatin');
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “plestatin”');
  const suggestion = page.getByRole('link', { name: 'Did you mean PlayStation?' });
  await expect(suggestion).toBeVisible();
  await expect(page.getByText('No products available')).toHaveCount(1);
  await checkScreen(page, 'no-result');
  await suggestion.click();
  await showsPlayStations(page);

  // Filters that hide everything say so once, and offer to clear them.
  await page.setViewportSize(PHONE);
  await page.goto('/discover?search=PlayStation&max_price=1');
  await expect(page.getByText('No items match these filters.')).toHaveCount(1);
  await expect(page.getByText('No products available')).toHaveCount(0);
  await checkScreen(page, 'filtered-empty');
  await page.getByRole('main').getByRole('link', { name: 'Clear filters' }).click();
  await showsPlayStations(page);
});
