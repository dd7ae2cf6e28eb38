import { expect, test } from '@playwright/test';
import { getProduct, listProducts, money } from './support/catalogue';
import { waitForApp } from './support/navigation';
import { PHONE, screenChecks } from './support/screens';

// docs/decisions/0030, on a phone: an item marked Interested is listed under Saved items in the top bar, and
// its page shares it. The item is one no other journey touches, so its watcher count is this journey's own.

const checkScreen = screenChecks('share-and-save', { endAtPhone: true });
const ITEM = 'Samsung Galaxy Tab A8';

test.use({ viewport: PHONE });

test('a visitor saves an item, finds it under Saved items, shares it by WhatsApp or link, then removes it', async ({
  page,
  context,
  request,
}) => {
  const item = (await listProducts(request)).find((p) => p.name === ITEM);
  if (!item) throw new Error(`seeded product ${ITEM} is missing`);
  const watchers = item.watchers;
  // A phone without a share sheet: the page offers WhatsApp and Copy link instead.
  await page.addInitScript(() => Reflect.deleteProperty(Navigator.prototype, 'share'));
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const topBar = page.getByRole('banner');

  await page.goto(`/product/${item.id}`);
  await waitForApp(page);
  await expect(topBar.getByTestId('saved-count')).toHaveCount(0);
  await page.getByRole('button', { name: 'Mark Interested' }).click();
  await expect(page.getByRole('button', { name: '✓ Interested' })).toHaveAttribute('aria-disabled', 'false');

  await topBar.getByRole('link', { name: 'Saved items 1' }).click();
  await expect(page).toHaveURL(/\/saved$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Saved items' })).toBeVisible();
  const saved = page.getByRole('list', { name: 'Saved items' });
  await expect(saved.getByRole('article')).toHaveCount(1);
  await expect(saved.getByTestId('card-price')).toHaveText(money(item.price));
  // Nothing changed since it was saved: no note.
  await expect(saved.getByTestId('saved-note')).toHaveCount(0);
  await checkScreen(page, 'saved');

  await saved.getByRole('link', { name: item.name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: item.name })).toBeVisible();
  const share = page.getByRole('region', { name: 'Share this item' });
  await expect(share.getByRole('button', { name: 'Share', exact: true })).toHaveCount(0);
  const link = new URL(`/product/${item.id}`, page.url()).href;
  await expect(share.getByRole('link', { name: /^Share on WhatsApp/ })).toHaveAttribute(
    'href',
    `https://wa.me/?text=${encodeURIComponent(`${item.name} for ${money(item.price)} on Marketplace Malawi ${link}`)}`,
  );
  await share.getByRole('button', { name: 'Copy link' }).click();
  await expect(share.getByRole('status')).toHaveText('Link copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await checkScreen(page, 'product-share');

  // Removing it from Saved items also takes this browser's interest back out of the real count.
  await topBar.getByRole('link', { name: 'Saved items 1' }).click();
  await page.getByRole('button', { name: `Remove ${item.name} from saved items` }).click();
  await expect(page.getByText('No saved items yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse items' })).toHaveAttribute('href', '/discover');
  await expect(topBar.getByRole('link', { name: 'Saved items', exact: true })).toBeVisible();
  await expect.poll(async () => (await getProduct(request, item.id)).watchers).toBe(watchers);
  await checkScreen(page, 'saved-empty');
});
