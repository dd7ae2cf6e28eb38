import { expect, test } from '@playwright/test';
import { listProducts, money } from './support/catalogue';
import { collectErrors } from './support/console';

// docs/architecture.md#server-rendering: home, discover and product arrive as HTML holding the first screen, which the
// app then hydrates without a mismatch; a shared product link carries its name, price and photo.

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the product page shows the item, and its head names it for shared links', async ({ page, request }) => {
    // One with a photo (a journey running alongside may just have added one without).
    const product = (await listProducts(request)).find((p) => p.cover_image_url !== null);
    if (!product) throw new Error('no product with a photo');
    await page.goto(`/product/${product.id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByTestId('product-price')).toHaveText(money(product.price));
    await expect(page).toHaveTitle(`${product.name} | Marketplace Malawi`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      'content',
      `${product.name} | Marketplace Malawi`,
    );
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute(
      'content',
      new RegExp(`^${money(product.price)} in `),
    );
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      /^http:\/\/localhost:\d+\/api\/images\/[a-f0-9]{32}\.webp\?w=1200&h=630/,
    );
    // The main picture is asked for from the head, before the stylesheet.
    await expect(page.locator('link[rel="preload"][as="image"][fetchpriority="high"]')).toHaveCount(1);
  });

  test('home and discover show their cards', async ({ page, request }) => {
    const [newest] = await listProducts(request, 'limit=4&offset=0&available=true');
    await page.goto('/');
    await expect(page.getByRole('list', { name: 'Featured Items' }).getByRole('article')).toHaveCount(4);
    await expect(
      page.getByRole('list', { name: 'Explore New Items' }).getByRole('link', { name: newest?.name, exact: true }),
    ).toBeVisible();
    await page.goto('/discover?category=SmartPhones');
    await expect(page.getByRole('heading', { level: 1, name: 'Discover SmartPhones' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Discover SmartPhones' }).getByRole('article').first()).toBeVisible();
  });

  test('a missing product is a 404 with its message', async ({ page }) => {
    const response = await page.goto('/product/999999');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
  });
});

test('the rendered pages hydrate without a mismatch and work at once', async ({ page, request }) => {
  const errors = collectErrors(page);
  const [product] = await listProducts(request, 'limit=1&offset=0');
  if (!product) throw new Error('no product');

  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Highlights' });
  await carousel.getByRole('button', { name: 'Next slide' }).click();
  await expect(carousel.getByRole('group', { name: /of 3$/ })).toHaveAccessibleName('2 of 3');

  await page.goto('/discover?category=SmartPhones');
  await expect(page.getByRole('heading', { level: 1, name: 'Discover SmartPhones' })).toBeVisible();

  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: 'Mark Interested' }).click();
  await expect(page.getByRole('button', { name: '✓ Interested' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: '✓ Interested' }).click();
  await expect(page.getByRole('button', { name: 'Mark Interested' })).toBeVisible();

  // Moving on inside the app renders in the browser as before.
  const category = product.category?.category_name ?? '';
  await page.getByRole('main').getByRole('link', { name: category, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Discover ${category}` })).toBeVisible();
  expect(errors).toEqual([]);
});
