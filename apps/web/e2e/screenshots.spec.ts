import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { listProducts, waitForGrids } from './support/catalogue';

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

for (const viewport of viewports) {
  test(`screens at ${viewport.width}x${viewport.height}`, async ({ page, request }) => {
    const product = (await listProducts(request)).find((p) => !p.sold && p.image_gallery.length > 1);
    if (!product) throw new Error('no product with a gallery');
    await page.setViewportSize(viewport);
    const screens: [string, string][] = [
      ['home', '/'],
      ['discover', '/discover?category=SmartPhones'],
      ['product', `/product/${product.id}`],
      ['basket', '/basket'],
      ['sell-success', '/sell/success'],
      ['contact', '/contact'],
    ];
    for (const [name, path] of screens) {
      await page.goto(path);
      if (name === 'product') await page.evaluate((id) => localStorage.setItem('basket', JSON.stringify([{ id, name: 'x', price: 1 }])), product.id);
      await settle(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} scrolls sideways at ${viewport.width}px`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${dir}${name}-${viewport.width}x${viewport.height}.png`, fullPage: true });
      // What the first screen shows, at full resolution.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${dir}${name}-${viewport.width}x${viewport.height}-top.png` });
    }
  });
}
