import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { shot } from './support/admin';
import { expectNoSeriousA11yViolations } from './support/axe';
import { LAPTOP, PHONE } from './support/screens';
import { staff } from './support/staff-api';
import { picture } from './support/picture';

// Issue 25 item 1 (docs/decisions/0054): on a phone over 3G, three 12-megapixel photos of ~3 MB are shrunk in
// the browser before they go: the request carries under 1 MB of photo bytes, each upright and without EXIF;
// the upload shows bytes sent, Cancel keeps the form, Try again sends it; a text file named .jpg is refused on
// its thumbnail. The stored images are upright and stripped too.

/**
 * A 4000 x 3000 JPEG of ~3 MB, as a phone camera writes it: stored sideways with EXIF orientation 6 (shown
 * turned 90 degrees clockwise), a GPS position, and a red block at its stored top-left corner, which shows at
 * the top right once the photo is upright.
 */
async function cameraPhoto(name: string) {
  const noise = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#888',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .blur(2)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const buffer = await sharp(noise.data, { raw: noise.info })
    .composite([{ input: { create: { width: 800, height: 600, channels: 3, background: '#d00' } }, top: 0, left: 0 }])
    .withExifMerge({
      IFD0: { Make: 'TestCam', Model: 'Journey 1' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '13/1 57/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '33/1 47/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 96 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** The photo is upright (the red block top right, not top left), 1200 x 1600, and carries no EXIF. */
async function expectUprightAndStripped(image: Buffer, label: string) {
  const meta = await sharp(image).metadata();
  expect([meta.width, meta.height], `${label}: size`).toEqual([1200, 1600]);
  expect(meta.exif, `${label}: EXIF (location)`).toBeUndefined();
  expect(meta.orientation ?? 1, `${label}: orientation`).toBe(1);
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
  const [r, g] = pixel(info.width - 60, 60);
  expect(r! - g!, `${label}: red top right`).toBeGreaterThan(120);
  const [r2, g2] = pixel(60, 60);
  expect(Math.abs(r2! - g2!), `${label}: grey top left`).toBeLessThan(60);
}

/** What each upload of the page carried, as the page's XMLHttpRequest sent it. */
interface Sent {
  /** The multipart body's size, as the network stack counted it for the progress events. */
  total: number;
  /** Each `images` part's bytes, base64. */
  photos: string[];
}
type Recorder = { uploads: Sent[] };

/** Records, in the page, the photo parts of each XMLHttpRequest upload and the body size it reports. */
function recordUploads() {
  const recorder: Recorder = { uploads: [] };
  (window as unknown as { recorder: Recorder }).recorder = recorder;
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    if (body instanceof FormData) {
      const sent: Sent = { total: 0, photos: [] };
      recorder.uploads.push(sent);
      this.upload.addEventListener('progress', (event) => (sent.total = event.total));
      for (const part of body.getAll('images')) {
        if (!(part instanceof File)) continue;
        const index = sent.photos.push('') - 1;
        const reader = new FileReader();
        reader.onload = () => (sent.photos[index] = String(reader.result).split(',')[1] ?? '');
        reader.readAsDataURL(part);
      }
    }
    send.call(this, body);
  };
}

/** Axe, then the screen at phone and laptop size with `shown` (the upload's state) in view. */
async function pictures(page: Page, name: string, shown: Locator) {
  await expectNoSeriousA11yViolations(page, name);
  for (const size of [PHONE, LAPTOP]) {
    await page.setViewportSize(size);
    await shown.scrollIntoViewIfNeeded();
    await picture(page, shot(`sell-photos-${name}-${size.width}`));
  }
  await page.setViewportSize(PHONE);
}

test('three 3 MB camera photos go up shrunk, upright and stripped over 3G, with progress, Cancel and Try again', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize(PHONE);
  await page.addInitScript(recordUploads);
  // The submissions as the browser sent them (Chromium leaves file parts out of the post data it reports, so
  // the photo bytes are read in the page, above).
  const requests: (number | undefined)[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().endsWith('/api/v1/sells')) requests.push(req.postDataBuffer()?.length);
  });

  await page.goto('/sell');
  const picker = page.getByLabel('Photos of your item');
  const originals = [await cameraPhoto('front.jpg'), await cameraPhoto('back.jpg'), await cameraPhoto('screen.jpg')];
  for (const photo of originals) expect(photo.buffer.length).toBeGreaterThan(2_800_000);

  // A text file named like a photo: refused on its own thumbnail, by name, and never sent.
  await picker.setInputFiles([{ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a photo\n') }]);
  await expect(page.getByText('notes.jpg is not a photo that can be opened. Choose another.')).toBeVisible();
  await page.getByRole('button', { name: 'Remove notes.jpg' }).click();

  await picker.setInputFiles(originals);
  await expect(page.getByRole('list', { name: 'Selected images' }).getByRole('img')).toHaveCount(3);
  await expect(page.getByText('Making the photos smaller for sending...')).toHaveCount(0, { timeout: 30_000 });

  const item = `Shrunk Phone ${Date.now().toString(36)}`;
  await page.getByLabel('Item name').fill(item);
  await page.getByLabel('Description').fill('Three photos from the phone camera.');
  await page.getByLabel('Price or value (MWK)').fill('185000');
  await page.getByRole('radio', { name: 'Good', exact: true }).check();
  await page.getByLabel('Your name').fill('Chikondi Banda');
  await page.getByLabel('Phone number').fill('+265 999 123 456');
  await page.getByLabel('Email address').fill(`photos.${Date.now().toString(36)}@example.mw`);
  await page.getByLabel('Location').fill('Lilongwe, Area 47');

  // 3G as Malawi's networks give it: about 0.5 Mbit/s up, 1.6 down, 300 ms.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 300,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (500 * 1024) / 8,
  });

  await page.getByRole('button', { name: 'Submit item' }).click();
  await expect(page.getByText(/^Sending: \d+ of \d+ KB$/)).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Sent so far' })).toBeVisible();
  await pictures(page, 'progress', page.getByRole('button', { name: 'Cancel sending' }));

  await page.getByRole('button', { name: 'Cancel sending' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sending stopped.' })).toBeVisible();
  await expect(page).toHaveURL(/\/sell$/);
  await expect(page.getByLabel('Item name')).toHaveValue(item);
  await expect(page.getByRole('list', { name: 'Selected images' }).getByRole('img')).toHaveCount(3);
  await pictures(page, 'cancelled', page.getByRole('button', { name: 'Try again' }));
  // One button sends it again: the form's own, renamed.
  await expect(page.getByRole('button', { name: 'Submit item' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/sell\/success$/, { timeout: 60_000 });
  const reference = await page.getByTestId('sell-reference').textContent();

  // What went up: under 1 MB of photo bytes in all, each shrunk, upright and without location.
  expect(requests).toHaveLength(2);
  const uploads = await page.evaluate(() => (window as unknown as { recorder: Recorder }).recorder.uploads);
  expect(uploads).toHaveLength(2);
  const last = uploads[1]!;
  const photos = last.photos.map((part) => Buffer.from(part, 'base64'));
  expect(photos).toHaveLength(3);
  const photoBytes = photos.reduce((sum, part) => sum + part.length, 0);
  console.log(
    `sell-photos: ${originals.map((p) => p.buffer.length).join(' + ')} bytes picked; ${photoBytes} bytes of photos sent (${last.total} bytes body; post data Chromium reported: ${requests.map((n) => n ?? 'none').join(', ')})`,
  );
  expect(photoBytes).toBeLessThan(1_000_000);
  expect(last.total).toBeLessThan(1_000_000);
  for (const [index, part] of photos.entries()) await expectUprightAndStripped(part, `sent photo ${index + 1}`);

  // What the server stored: still decoded and re-encoded there, upright and stripped.
  const api = await staff(request);
  const id = await api.idOf(reference ?? '');
  const { images } = (await api.call('get', `/api/admin/seller-requests/${id}`)) as { images: string[] };
  expect(images).toHaveLength(3);
  for (const name of images) {
    const stored = await request.get(`/api/images/${name}`);
    expect(stored.status()).toBe(200);
    await expectUprightAndStripped(await stored.body(), `stored ${name}`);
  }
});
