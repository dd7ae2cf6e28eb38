import { expect, test, type APIRequestContext, type CDPSession, type Page } from '@playwright/test';
import { shot } from './support/admin';
import { expectNoSeriousA11yViolations } from './support/axe';
import { listProducts } from './support/catalogue';
import { collectErrors } from './support/console';
import { waitForApp } from './support/navigation';
import { picture } from './support/picture';
import { LAPTOP, PHONE } from './support/screens';

// docs/product.md#photo-viewer: a tap on the product photo opens it full screen, where two fingers zoom, a
// double tap zooms and unzooms, a swipe turns to the next photo and Back closes. A mid-range Android phone:
// a touch screen, two device pixels to the CSS pixel.
test.use({ viewport: PHONE, hasTouch: true, deviceScaleFactor: 2 });

/** The viewer's photos: the server's width-only variants (the page's own are sized w x h). */
function viewerRequests(page: Page): URL[] {
  const urls: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/images/') && url.searchParams.has('w') && !url.searchParams.has('h'))
      urls.push(url);
  });
  return urls;
}

/** The photo layer's scale, as the browser composes it (the transform it has now, mid-animation too). */
const scale = (page: Page) =>
  page.getByTestId('photo-layer').evaluate((layer) => new DOMMatrix(getComputedStyle(layer).transform).a);

/** Fingers on the glass, through Chromium's touch input: the page gets real touch pointer events. */
async function touch(cdp: CDPSession, type: 'touchStart' | 'touchMove' | 'touchEnd', points: [number, number][]) {
  await cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map(([x, y], id) => ({ x, y, id })) });
}

/** A seeded item on sale with several photos. */
async function galleryProduct(request: APIRequestContext) {
  const product = (await listProducts(request)).find((p) => !p.sold && p.image_gallery.length > 1);
  if (!product) throw new Error('no product with a gallery');
  return product;
}

/** Two taps sent together: on a loaded machine, awaiting each would let more than a double tap's 300 ms pass. */
async function doubleTap(cdp: CDPSession, x: number, y: number) {
  const tap = [touch(cdp, 'touchStart', [[x, y]]), touch(cdp, 'touchEnd', [])];
  await Promise.all([...tap, touch(cdp, 'touchStart', [[x, y]]), touch(cdp, 'touchEnd', [])]);
}

test('a phone opens the photo full screen, pinches and double-taps to zoom, swipes to the next, Back closes', async ({
  page,
  request,
}) => {
  const errors = collectErrors(page);
  const product = await galleryProduct(request);
  const viewed = viewerRequests(page);

  await page.goto(`/product/${product.id}`);
  await waitForApp(page);
  await page.waitForLoadState('networkidle');
  // The page itself asks for no large photo, nor for the viewer's code.
  expect(viewed).toEqual([]);

  const opener = page.getByRole('button', { name: 'Open photo full screen' });
  await picture(page, shot('photo-zoom-product-360'));
  await opener.tap();
  const dialog = page.getByRole('dialog', { name: `Photos of ${product.name}` });
  await expect(dialog).toBeVisible();
  const count = Number((await dialog.getByText(/^1 of \d+$/).textContent())?.split(' of ')[1]);
  const photo = dialog.getByRole('img', { name: `${product.name}, photo 1 of ${count}` });
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // Only now, and once: 360 CSS px at 2 device pixels each is 720, so the 1200 px variant (700 is too small).
  expect(viewed.map((url) => url.searchParams.get('w'))).toEqual(['1200']);
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await expectNoSeriousA11yViolations(page, 'photo viewer');
  await picture(page, shot('photo-zoom-viewer-360'));

  const cdp = await page.context().newCDPSession(page);
  // Two fingers 60 px apart spread to 180: three times.
  await touch(cdp, 'touchStart', [
    [150, 370],
    [210, 370],
  ]);
  for (let step = 1; step <= 6; step++)
    await touch(cdp, 'touchMove', [
      [150 - step * 10, 370],
      [210 + step * 10, 370],
    ]);
  await touch(cdp, 'touchEnd', []);
  expect(await scale(page)).toBeCloseTo(3, 1);
  await expect(dialog.getByRole('button', { name: 'Zoom out' })).toBeVisible();
  await picture(page, shot('photo-zoom-pinched-360'));

  // A double tap goes back to the whole photo, the next one zooms in again.
  await doubleTap(cdp, 180, 370);
  await expect.poll(() => scale(page)).toBe(1);
  await doubleTap(cdp, 180, 370);
  await expect.poll(() => scale(page)).toBe(2.5);
  await doubleTap(cdp, 180, 370);
  await expect.poll(() => scale(page)).toBe(1);

  // A finger from right to left: the next photo, loaded then.
  await touch(cdp, 'touchStart', [[320, 400]]);
  for (const x of [290, 240, 180, 120, 60]) await touch(cdp, 'touchMove', [[x, 405]]);
  await touch(cdp, 'touchEnd', []);
  await expect(dialog.getByRole('img', { name: `${product.name}, photo 2 of ${count}` })).toBeVisible();
  await expect(dialog.getByText(`2 of ${count}`)).toBeVisible();
  await expect.poll(() => viewed.length).toBe(2);
  expect(viewed[1]?.pathname).not.toBe(viewed[0]?.pathname);

  // The browser's Back closes the viewer and stays on the product, on the photo last seen.
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/product/${product.id}$`));
  await expect(page.getByRole('img', { name: `${product.name}, photo 2 of ${count}` })).toBeVisible();
  await expect(opener).toBeFocused();
  expect(errors).toEqual([]);
});

test('with reduced motion the zoom is at once; on a laptop Tab stays in the viewer and Escape closes it', async ({
  page,
  request,
}) => {
  const product = await galleryProduct(request);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`/product/${product.id}`);
  await waitForApp(page);
  const opener = page.getByRole('button', { name: 'Open photo full screen' });
  await opener.tap();
  const dialog = page.getByRole('dialog', { name: `Photos of ${product.name}` });
  await expect(dialog).toBeVisible();
  const cdp = await page.context().newCDPSession(page);
  await doubleTap(cdp, 180, 370);
  // No animation runs: the transform is the end one straight away.
  expect(await scale(page)).toBe(2.5);
  expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
  await dialog.getByRole('button', { name: 'Close' }).tap();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await page.setViewportSize(LAPTOP);
  await opener.click();
  await expect(dialog).toBeVisible();
  await expect
    .poll(() => dialog.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  await picture(page, shot('photo-zoom-viewer-1280'));
  for (let press = 0; press < 6; press++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('img', { name: new RegExp(`, photo 2 of `) })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  // Escape stepped back over the viewer's own history entry only.
  await expect(page).toHaveURL(new RegExp(`/product/${product.id}$`));
  expect(
    await page.evaluate(() => (history.state as { usr?: { photoViewer?: boolean } })?.usr?.photoViewer),
  ).toBeFalsy();
});
