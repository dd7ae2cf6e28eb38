import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';

test('a category without products shows the empty state', async ({ page, request }) => {
  const fromApi = (await (await request.get('/api/v1/products/category/Drones?limit=10&offset=0')).json()) as {
    products: unknown[];
  };
  expect(fromApi.products).toHaveLength(0);

  await page.goto('/discover?category=Drones');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Discover Drones');
  await expect(page.getByText('No products available')).toBeVisible();
  await expect(page.getByText('Check back soon.')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'empty discover');
});
