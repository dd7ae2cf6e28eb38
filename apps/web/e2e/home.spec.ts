import { expect, test } from '@playwright/test';
import { waitForApp } from './support/navigation';
import { expectNoSeriousA11yViolations } from './support/axe';
import { waitForGrids } from './support/catalogue';

test('home shows 4 featured and 4 new cards from the API', async ({ page, request }) => {
  const featured = (await (await request.get('/api/v1/products/featured-products')).json()) as {
    products: { product_id: number; name: string }[];
  };
  expect(featured.products.length).toBeGreaterThanOrEqual(4);

  await page.goto('/');
  const featuredList = page.getByRole('list', { name: 'Featured Items' });
  await expect(featuredList.getByRole('article')).toHaveCount(4);
  await expect(page.getByRole('list', { name: 'Explore New Items' }).getByRole('article')).toHaveCount(4);
  const first = featured.products[0];
  if (!first) throw new Error('no featured product');
  await expect(featuredList.getByRole('link', { name: first.name, exact: true })).toHaveAttribute(
    'href',
    `/product/${first.product_id}`,
  );
  await expect(page.getByRole('link', { name: 'Sell an Item' }).last()).toHaveAttribute('href', '/sell');
  await waitForGrids(page);
  await expectNoSeriousA11yViolations(page, 'home');
});

test('the carousel moves on its own after 10 s and on its buttons', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  // The page arrives rendered by the server; its code starts in the frames after the load event (on this
  // clock, once it runs) and the rotation once that code has taken the page over.
  await page.clock.runFor(100);
  await waitForApp(page);
  const carousel = page.getByRole('region', { name: 'Highlights' });
  const current = carousel.getByRole('group', { name: /of 3$/ });
  await expect(current).toHaveAccessibleName('1 of 3');
  await expect(current).toContainText('Laptops & Computers');

  await page.clock.runFor(10_000);
  await expect(current).toHaveAccessibleName('2 of 3');
  await expect(current).toContainText('Buy & Sell Smartphones');

  await carousel.getByRole('button', { name: 'Next slide' }).click();
  await expect(current).toContainText('Gaming & Home Entertainment');
  await carousel.getByRole('button', { name: 'Next slide' }).click();
  await expect(current).toContainText('Laptops & Computers');
  await carousel.getByRole('button', { name: 'Previous slide' }).click();
  await expect(current).toContainText('Gaming & Home Entertainment');
});
