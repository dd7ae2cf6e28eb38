import { expect, test } from '@playwright/test';
import { listProducts } from './support/catalogue';

// docs/decisions/0016: a returning visitor's entry pages open from the phone's copy (public/sw.js) with no
// round trip before paint, and the page then refreshes what it shows.
test.use({ serviceWorkers: 'allow' });

test('a product seen before opens from the kept copy, then shows the fresh count; offline it still opens', async ({
  page,
  context,
  request,
}) => {
  // One no other journey marks interest on, so the count moves only by this test.
  const [product] = await listProducts(request, 'limit=1&offset=7');
  if (!product) throw new Error('no product');
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The first visit, loaded before the worker existed, already leaves its copy behind.
  await expect
    .poll(() => page.evaluate(async (path) => Boolean(await caches.match(path)), `/product/${product.id}`))
    .toBe(true);

  // The buyer marks interest in another tab: the kept copy is now one watcher behind. (A stranger's mark may
  // show up to a minute late, the server's cache keeping counts that long: decision 0046.)
  const visitor = await page.evaluate(() => {
    const id = localStorage.getItem('visitor-id') ?? crypto.randomUUID();
    localStorage.setItem('visitor-id', id);
    return id;
  });
  const marked = await request.post(`/api/v1/products/${product.id}/interest`, { data: { visitor_id: visitor } });
  await page.evaluate((id) => localStorage.setItem(`interested-${id}`, 'true'), product.id);
  expect(marked.status()).toBe(200);
  const { watchers } = (await marked.json()) as { watchers: number };
  await page.reload();
  await expect(page.getByTestId('watchers')).toHaveText(
    new RegExp(`\\b${watchers} (people are|person is) watching this`),
  );

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await context.setOffline(false);
});
