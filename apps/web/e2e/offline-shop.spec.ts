import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { listProducts, waitForGrids } from './support/catalogue';
import { openInApp, waitForApp } from './support/navigation';
import { PHONE } from './support/screens';

// A returning visitor opens the shop, and the products they looked at, with no connection
// (public/sw.js keeps the pages, the code, the answers and the photos a visitor saw; decision 0031).
test.use({ serviceWorkers: 'allow', viewport: PHONE });

const OFFLINE_LINE = 'You are offline: showing saved pages';

/** Waits until this page is in the worker's hands and the worker has kept what the page loaded before. */
async function waitForWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const style = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')?.href ?? '';
        return Boolean(await caches.match(style)) && Boolean(await caches.match('/index.html'));
      }),
    )
    .toBe(true);
}

/** Every photo on screen has arrived (from the phone's copy, offline). */
async function expectPhotosShown(page: Page, scope = page.getByRole('main')) {
  const photos = scope.locator('img[src*="/api/images/"]');
  await expect(photos.first()).toBeVisible();
  await expect
    .poll(() => photos.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
}

test('a product seen online opens again offline, with the shop around it and a line saying so', async ({
  page,
  context,
  request,
}) => {
  const [tapped, opened, unseen] = (await listProducts(request, 'limit=20&offset=10')).filter(
    (p) => p.image_gallery.length > 0,
  );
  if (!tapped || !opened || !unseen) throw new Error('not enough products with photos');

  // Online: the home page, then a product reached inside the app (no page load), then one opened as a page.
  await page.goto('/');
  await waitForGrids(page);
  await waitForApp(page);
  await waitForWorker(page);
  await openInApp(page, `/product/${tapped.id}`);
  await expect(page.getByRole('heading', { level: 1, name: tapped.name })).toBeVisible();
  await expectPhotosShown(page);
  await page.goto(`/product/${opened.id}`);
  await expect(page.getByRole('heading', { level: 1, name: opened.name })).toBeVisible();
  await waitForApp(page);
  await expectPhotosShown(page);
  await expect(page.getByText(OFFLINE_LINE)).toHaveCount(0);

  await context.setOffline(true);
  for (const [path, heading] of [
    ['/', 'Featured Items'],
    [`/product/${tapped.id}`, tapped.name],
    [`/product/${opened.id}`, opened.name],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_LINE })).toBeVisible();
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
    if (path !== '/') await expectPhotosShown(page);
  }
  await expectNoSeriousA11yViolations(page, 'product offline');

  // A product never seen: the app's own state for a product that could not be fetched
  // (docs/product.md#product-page-states), in the shop's frame, not the browser's error page.
  await page.goto(`/product/${unseen.id}`);
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_LINE })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Failed to fetch product details' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('combobox', { name: 'Search products' })).toBeVisible();

  await context.setOffline(false);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: unseen.name })).toBeVisible();
  await expect(page.getByText(OFFLINE_LINE)).toHaveCount(0);
});
