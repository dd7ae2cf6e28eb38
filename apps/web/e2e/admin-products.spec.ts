import { deflateSync } from 'node:zlib';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { AdminProduct } from '@marketplace/shared';
import { login, screenshots, sidebar } from './support/admin';
import { expectNoSeriousA11yViolations } from './support/axe';

// Create a product with two images and publish it, feature it, find it on the public home page,
// unpublish it and see it leave the public featured list; edit its price and remove one image; delete it.

// A real PNG of one colour, so the server's image pipeline has something to decode.
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function adminProduct(request: APIRequestContext, page: Page, id: number): Promise<AdminProduct> {
  const token = await page.evaluate(() => window.localStorage.getItem('authToken'));
  const response = await request.get(`/api/admin/products/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as AdminProduct;
}

async function publicFeaturedNames(page: Page): Promise<string[]> {
  await page.goto('/');
  const grid = page.getByRole('list', { name: 'Featured Items' });
  await expect(grid.getByRole('link').first()).toBeVisible();
  return grid.getByRole('heading').allTextContents();
}

test('a product from creation to deletion', async ({ page, request }) => {
  const name = `Dell Latitude 5490 #${Date.now() % 1_000_000}`;
  await login(page);

  await sidebar(page).getByRole('link', { name: 'Products', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  const list = page.getByRole('region', { name: 'Products' });
  await expect(list.getByRole('columnheader')).toHaveText([
    'Product name',
    'Shop',
    'Category',
    'Price',
    'Status',
    'Published',
    'Actions',
  ]);
  await expect(list.locator('tbody tr').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'products list');
  await screenshots(page, 'admin-products');

  // The search box asks the server.
  await page.getByRole('searchbox', { name: 'Search products' }).fill('Samsung');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/search=Samsung/);
  // The previous page stays on screen until the search answers (keepPreviousData): wait for the answer.
  await expect
    .poll(async () =>
      (await list.locator('tbody tr td:first-child').allTextContents()).filter((text) => !/samsung/i.test(text)),
    )
    .toEqual([]);
  await expect(list.locator('tbody tr').first()).toContainText('Samsung');

  await page.getByRole('link', { name: 'Create Product' }).click();
  await expect(page).toHaveURL(/\/admin\/create-product$/);
  await expect(page.getByLabel('Item Name')).toBeVisible();
  await page.getByRole('button', { name: 'Create Product' }).click();
  for (const message of [
    'Item name is required',
    'Description is required',
    'Price is required',
    'Category is required',
    'Shop is required',
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page, 'create product (with errors)');

  await page.locator('input[type="file"]').setInputFiles([
    { name: 'front.png', mimeType: 'image/png', buffer: png(64, 48, [15, 118, 110]) },
    { name: 'back.png', mimeType: 'image/png', buffer: png(64, 48, [180, 83, 9]) },
  ]);
  const thumbnails = page.getByRole('list', { name: 'Selected images' }).getByRole('listitem');
  await expect(thumbnails).toHaveCount(2);
  await expect(thumbnails.first()).toContainText('Primary');
  await page.getByLabel('Item Name').fill(name);
  await page.getByLabel('Description').fill('Core i5, 8 GB RAM, 256 GB SSD. Light scratches on the lid.');
  await page.getByLabel('Price or Value').fill('450000');
  await page.getByLabel('Location').fill('Lilongwe, Area 10');
  await page.getByLabel('Category').selectOption({ label: 'Laptops and Computers' });
  await page.getByLabel('Shop').selectOption({ label: 'Lilongwe City Centre Shop' });
  await page.getByLabel('Publish this item immediately').check();
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview).toContainText(name);
  await expect(preview).toContainText('MWK 450,000');
  await expectNoSeriousA11yViolations(page, 'create product (filled)');
  await screenshots(page, 'admin-product-create');
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);

  await page.getByRole('searchbox', { name: 'Search products' }).fill(name);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = list.locator('tbody tr').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('MWK 450,000');
  await expect(row).toContainText('Lilongwe City Centre Shop');
  await expect(row).toContainText('Laptops and Computers');
  await expect(row).toContainText('Available');
  await expect(row).toContainText('Published');
  const id = Number((await row.getAttribute('data-testid'))?.replace('product-row-', ''));
  expect((await adminProduct(request, page, id)).images).toHaveLength(2);

  // Feature it: it shows first in the public Featured Items.
  await row.getByRole('button', { name: `Add to Featured ${name}` }).click();
  await expect(page.getByText('Product added to featured list!')).toBeVisible();
  await expect(row.getByRole('button', { name: `Featured ${name}` })).toBeDisabled();
  expect(await publicFeaturedNames(page)).toContain(name);

  // Remove it from the featured list.
  await page.goto('/admin/featured-products');
  await expect(page.getByRole('heading', { level: 1, name: 'Featured Products' })).toBeVisible();
  const featured = page.getByRole('region', { name: 'Featured products' });
  await expect(featured.getByRole('columnheader')).toHaveText(['Name', 'Price', 'Published', 'Actions']);
  const featuredRow = featured.locator('tbody tr').filter({ hasText: name });
  await expect(featuredRow).toContainText('MWK 450,000');
  await expect(featuredRow.getByRole('link', { name: `View ${name}` })).toHaveAttribute(
    'href',
    `/admin/products/${id}`,
  );
  await expectNoSeriousA11yViolations(page, 'featured products');
  await screenshots(page, 'admin-featured');
  await featuredRow.getByRole('button', { name: `Remove ${name}` }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Are you sure you want to delete this featured product?');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Featured product deleted successfully!')).toBeVisible();
  await expect(featured.locator('tbody tr').filter({ hasText: name })).toHaveCount(0);
  expect(await publicFeaturedNames(page)).not.toContain(name);

  // Feature it again, then unpublish it: it leaves the public featured list.
  await page.goto(`/admin/products?search=${encodeURIComponent(name)}`);
  await row.getByRole('button', { name: `Add to Featured ${name}` }).click();
  await expect(page.getByText('Product added to featured list!').first()).toBeVisible();
  expect(await publicFeaturedNames(page)).toContain(name);
  await page.goto(`/admin/products?search=${encodeURIComponent(name)}`);
  await row.getByRole('button', { name: `Unpublish ${name}` }).click();
  await expect(row).toContainText('Unpublished');
  await expect(row.getByRole('button', { name: `Publish ${name}` })).toBeVisible();
  expect(await publicFeaturedNames(page)).not.toContain(name);

  // Edit: a new price and one image fewer.
  await page.goto(`/admin/products?search=${encodeURIComponent(name)}`);
  await expect(row.getByRole('button', { name: /^(Add to Featured|Featured) / })).toBeDisabled();
  await row.getByRole('link', { name: `View ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/products/${id}$`));
  await expect(page.getByLabel('Name')).toHaveValue(name);
  await expect(page.getByLabel('Price (MWK)', { exact: true })).toHaveValue('450000');
  const gallery = page.getByRole('list', { name: 'Selected images' }).getByRole('listitem');
  await expect(gallery).toHaveCount(2);
  await expectNoSeriousA11yViolations(page, 'edit product');
  await screenshots(page, 'admin-product-edit');
  await page.getByRole('button', { name: 'Remove image 2' }).click();
  await expect(gallery).toHaveCount(1);
  await page.getByLabel('Price (MWK)', { exact: true }).fill('399000');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  const edited = await adminProduct(request, page, id);
  expect(edited.price).toBe(399000);
  expect(edited.images).toHaveLength(1);

  // Delete it.
  await page.goto(`/admin/products/${id}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Delete this product?');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await page.goto(`/admin/products?search=${encodeURIComponent(name)}`);
  await expect(page.getByText(`No products match “${name}”.`)).toBeVisible();
});
