import { expect, test, type Page } from '@playwright/test';
import type { PublicProduct } from '@marketplace/shared';
import { fileURLToPath } from 'node:url';
import { listProducts, waitForGrids } from './support/catalogue';
import { waitForApp } from './support/navigation';
import { picture } from './support/picture';

// Pictures of each public screen on a small phone and a laptop, for people to look at
// (apps/web/e2e-artifacts/screens). Also checks that no screen scrolls sideways.
const dir = fileURLToPath(new URL('../e2e-artifacts/screens/', import.meta.url));
const viewports = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
];

async function settle(page: Page) {
  await waitForGrids(page);
  await page.waitForLoadState('networkidle');
  // Lazy images below the fold load as they scroll into view; bring them all in before the picture.
  await page.evaluate(async () => {
    for (const img of Array.from(document.images)) img.loading = 'eager';
  });
  await page.waitForLoadState('networkidle');
}

/**
 * Saved items with something to say: the price dropped since saving, sold since, and no longer listed.
 * Kept in this browser only: no interest reaches the server's counts.
 */
async function seedSaved(page: Page, dropped: PublicProduct, sold: PublicProduct) {
  const snapshot = (name: string, price: number) => ({
    name,
    price,
    reserved: false,
    sold: false,
    saved_at: new Date().toISOString(),
  });
  const saved = {
    [dropped.id]: snapshot(dropped.name, dropped.price + 50000),
    [sold.id]: snapshot(sold.name, sold.price),
    999999: snapshot('Nokia 3310', 25000),
  };
  await page.evaluate((items) => {
    for (const id of Object.keys(items)) localStorage.setItem(`interested-${id}`, 'true');
    localStorage.setItem('saved-items', JSON.stringify(items));
  }, saved);
}

for (const viewport of viewports) {
  test(`screens at ${viewport.width}x${viewport.height}`, async ({ page, request }) => {
    const products = await listProducts(request);
    const product = products.find((p) => !p.sold && p.image_gallery.length > 1);
    const sold = products.find((p) => p.sold);
    if (!product || !sold) throw new Error('no product with a gallery, or none sold');
    await page.setViewportSize(viewport);
    const screens: [string, string][] = [
      ['home', '/'],
      ['discover', '/discover?category=SmartPhones'],
      ['product', `/product/${product.id}`],
      ['basket', '/basket'],
      ['sell', '/sell'],
      ['saved', '/saved'],
      ['sell-success', '/sell/success'],
      ['contact', '/contact'],
    ];
    for (const [name, path] of screens) {
      if (name === 'saved') await seedSaved(page, product, sold);
      await page.goto(path);
      if (name === 'product')
        await page.evaluate(
          (id) => localStorage.setItem('basket', JSON.stringify([{ id, name: 'x', price: 1 }])),
          product.id,
        );
      await settle(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} scrolls sideways at ${viewport.width}px`).toBeLessThanOrEqual(0);
      await picture(page, `${dir}${name}-${viewport.width}x${viewport.height}.png`, { fullPage: true });
      if (name === 'product')
        await picture(
          page.getByRole('region', { name: 'Share this item' }),
          `${dir}product-share-${viewport.width}x${viewport.height}.png`,
        );
      // What the first screen shows, at full resolution.
      await page.evaluate(() => window.scrollTo(0, 0));
      await picture(page, `${dir}${name}-${viewport.width}x${viewport.height}-top.png`);
    }
  });
}

// Decision 0031: the line a visitor sees while offline, and a card grid under data saver.
for (const viewport of viewports) {
  test(`offline line and data saver at ${viewport.width}x${viewport.height}`, async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    const product = (await listProducts(request)).find((p) => !p.sold && p.image_gallery.length > 1);
    if (!product) throw new Error('no product with a gallery');
    await page.setViewportSize(viewport);
    await page.goto('/discover?category=SmartPhones');
    await settle(page);
    await waitForApp(page);
    await context.setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: 'You are offline: showing saved pages' })).toBeVisible();
    await picture(page, `${dir}offline-line-${viewport.width}x${viewport.height}.png`);
    await context.setOffline(false);

    await context.addCookies([{ name: 'data_saver', value: 'on', url: baseURL ?? '' }]);
    await page.evaluate(() => localStorage.setItem('data-saver', 'on'));
    await page.goto('/discover?category=SmartPhones');
    await settle(page);
    await expect(
      page
        .getByRole('main')
        .getByRole('button', { name: /^Tap to show photo of / })
        .first(),
    ).toBeVisible();
    await picture(page, `${dir}data-saver-discover-${viewport.width}x${viewport.height}.png`);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await picture(page, `${dir}data-saver-footer-${viewport.width}x${viewport.height}.png`);
    await page.goto(`/product/${product.id}`);
    await settle(page);
    await picture(page, `${dir}data-saver-product-${viewport.width}x${viewport.height}.png`);
  });
}
