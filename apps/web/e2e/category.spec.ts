import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { waitForGrids } from './support/catalogue';

test('a category shortcut opens its discover page', async ({ page, request }) => {
  const category = 'Laptops and Computers';
  const fromApi = (await (
    await request.get(`/api/v1/products/category/${encodeURIComponent(category)}?limit=10&offset=0`)
  ).json()) as { products: { name: string }[] };
  expect(fromApi.products.length).toBeGreaterThan(0);

  await page.goto('/');
  await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: category }).click();
  await expect(page).toHaveURL(/\/discover\?category=Laptops(%20|\+)and(%20|\+)Computers$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Discover ${category}`);
  const grid = page.getByRole('list', { name: `Discover ${category}` });
  await expect(grid.getByRole('article')).toHaveCount(fromApi.products.length);
  for (const product of fromApi.products)
    await expect(grid.getByRole('link', { name: product.name, exact: true })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: category }),
  ).toHaveAttribute('aria-current', 'page');
  await waitForGrids(page);
  await expectNoSeriousA11yViolations(page, 'discover');
});

test('discover defaults to SmartPhones', async ({ page }) => {
  await page.goto('/discover');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Discover SmartPhones');
  await expect(page.getByRole('article').first()).toBeVisible();
});
