import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { listProducts, waitForGrids } from './support/catalogue';
import { collectErrors } from './support/console';
import { waitForApp } from './support/navigation';
import { PHONE } from './support/screens';

// docs/decisions/0031: with data saver on, product photos load only when tapped, from the server's first HTML
// on (no photo and no preload in it), and a tap loads just that photo in the placeholder's place.
test.use({ viewport: PHONE });

/** Every photo the page asks for from now on. */
function photoRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/images/')) urls.push(request.url());
  });
  return urls;
}

test('data saver on: no photo is fetched until one is tapped, and the tapped one takes the same place', async ({
  page,
  request,
}) => {
  const product = (await listProducts(request)).find((p) => !p.sold && p.image_gallery.length > 1);
  if (!product) throw new Error('no product with a gallery');

  await page.goto('/');
  await waitForApp(page);
  const toggle = page.getByRole('contentinfo').getByRole('switch', { name: 'Data saver' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');

  const photos = photoRequests(page);
  await page.goto('/discover?category=SmartPhones');
  await waitForGrids(page);
  await waitForApp(page);
  await page.waitForLoadState('networkidle');
  expect(photos).toEqual([]);
  expect(await page.locator('link[rel="preload"][as="image"][href*="/api/images/"]').count()).toBe(0);
  // The first card that has a photo to show (an item another journey just added may have none).
  const tapToShow = page.getByRole('button', { name: /^Tap to show photo of / });
  const name = await page
    .getByRole('main')
    .getByRole('article')
    .filter({ has: tapToShow })
    .first()
    .getByRole('heading')
    .textContent();
  // Pinned by its name: once tapped, the card has no placeholder left to find it by.
  const card = page
    .getByRole('main')
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: name ?? '', exact: true }) });
  const placeholder = card.getByRole('button', { name: /^Tap to show photo of / });
  await expect(placeholder).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'discover under data saver');

  // The box the placeholder button sits in is the photo's. Measured in view: the card may start below the fold
  // (cards before it may have no photo), and the click would scroll it up after the measure.
  await placeholder.scrollIntoViewIfNeeded();
  const before = await placeholder.locator('xpath=..').boundingBox();
  await placeholder.click();
  const photo = card.locator('img[src*="/api/images/"]');
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await photo.boundingBox()).toEqual(before);
  expect(photos).toHaveLength(1);
  await expect(page).toHaveURL(/\/discover\?category=SmartPhones$/);

  // The product page: no gallery photo, no thumbnails, nothing preloaded; a tap shows the photo.
  photos.length = 0;
  await page.goto(`/product/${product.id}`);
  await waitForApp(page);
  await page.waitForLoadState('networkidle');
  expect(photos).toEqual([]);
  expect(await page.locator('link[rel="preload"][as="image"][href*="/api/images/"]').count()).toBe(0);
  await expect(
    page
      .getByRole('list', { name: 'Photos' })
      .getByRole('button', { name: 'Show photo 2 of ' + product.image_gallery.length }),
  ).toHaveText('2');
  await page
    .getByRole('button', { name: `Tap to show photo of ${product.name}, photo 1 of ${product.image_gallery.length}` })
    .click();
  await expect(
    page.getByRole('img', { name: `${product.name}, photo 1 of ${product.image_gallery.length}` }),
  ).toBeVisible();
  expect(photos).toHaveLength(1);
  expect(photos[0]).toContain('w=700&h=500');
  await expectNoSeriousA11yViolations(page, 'product under data saver');

  // Off again: the photos come back.
  await page.getByRole('contentinfo').getByRole('switch', { name: 'Data saver' }).click();
  await expect(page.getByRole('main').locator('img[src*="/api/images/"]').first()).toBeVisible();
});

test('a page rendered in the other mode (a copy kept from before the switch) hydrates cleanly, then follows the choice', async ({
  page,
  context,
  baseURL,
}) => {
  const errors = collectErrors(page);
  // The server is told data saver is on; this browser's own choice says off.
  await context.addCookies([{ name: 'data_saver', value: 'on', url: baseURL ?? '' }]);
  await page.addInitScript(() => localStorage.setItem('data-saver', 'off'));
  const response = await page.goto('/discover?category=SmartPhones');
  expect(await response?.text()).toMatch(/<div id="root"[^>]*\sdata-saver=""/);
  await waitForApp(page);
  await expect(page.getByRole('main').locator('img[src*="/api/images/"]').first()).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('switch', { name: 'Data saver' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  expect(errors).toEqual([]);
});
