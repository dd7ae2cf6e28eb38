import { expect, test, type Locator } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { listProducts } from './support/catalogue';
import { openInApp } from './support/navigation';

/** The text colour as sRGB bytes (Tailwind 4 computes colours in oklch). */
async function colourOf(locator: Locator): Promise<number[]> {
  return locator.evaluate((el) => {
    const ctx = document.createElement('canvas').getContext('2d');
    if (!ctx) return [];
    ctx.fillStyle = getComputedStyle(el).color;
    ctx.fillRect(0, 0, 1, 1);
    return Array.from(ctx.getImageData(0, 0, 1, 1).data.slice(0, 3));
  });
}

async function expectRed(locator: Locator) {
  const [r = 0, g = 0, b = 0] = await colourOf(locator);
  expect(r, `rgb(${r}, ${g}, ${b}) is red`).toBeGreaterThan(150);
  expect(Math.max(g, b)).toBeLessThan(70);
}

test("an unknown id shows 'Product not found' in red", async ({ page }) => {
  await page.goto('/product/987654');
  const message = page.getByRole('heading', { level: 1, name: 'Product not found' });
  await expect(message).toBeVisible();
  await expectRed(message);
  await expectNoSeriousA11yViolations(page, 'product not found');
});

test("a server failure shows 'Failed to fetch product details'", async ({ page, request }) => {
  const [product] = await listProducts(request, 'limit=1');
  if (!product) throw new Error('no products');
  await page.route(`**/api/v1/products/${product.id}`, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({
        title: 'Internal Server Error',
        status: 500,
        detail: 'boom',
        message: 'Internal Server Error',
      }),
    }),
  );
  await openInApp(page, `/product/${product.id}`);
  const message = page.getByRole('heading', { level: 1, name: 'Failed to fetch product details' });
  await expect(message).toBeVisible();
  await expectRed(message);
});
