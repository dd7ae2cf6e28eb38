import { expect, test } from '@playwright/test';
import { formatDateTime } from '@marketplace/shared';
import { collectErrors } from './support/console';
import { waitForApp } from './support/navigation';
import { photo } from './support/photos';
import { PHONE, screenChecks } from './support/screens';
import { placeProvedOrder } from './support/smsbox';
import { staff, submitSell } from './support/staff-api';

// A sold item keeps its page (docs/decisions/0066): a link shared before the sale opens, server-rendered, on
// "Sold" with its photo and details and similar items on sale, and says nothing of the buyer; an id that never
// existed is a 404. In Chichewa the buyer's order shows its dates with Chichewa names, in Malawi time
// (docs/decisions/0067). The item is bought from a seller here, so no other journey can order it.

const checkScreen = screenChecks('sold-page', { endAtPhone: true });
const BUYER = { name: 'Tiyamike Phiri', phone: '+265 991 777 120' };

test.use({ viewport: PHONE });

test('a link to an item sold through an order still opens its page: Sold, photo, details, similar items on sale', async ({
  page,
  request,
  context,
  baseURL,
}) => {
  const name = `Tecno Camon 20 ${Date.now()}`;
  const admin = await staff(request);
  const requestId = await admin.idOf(
    await submitSell(request, name, {
      description: 'Dual SIM, 256 GB, screen without scratches.',
      images: await photo('front.png', '#0f766e'),
    }),
  );
  const productId = await admin.stock(requestId, {
    shop: 'Lilongwe City Centre Shop',
    category: 'SmartPhones',
    offer: 150000,
    price: 210000,
  });
  const link = `/product/${productId}`;

  // Bought for collection and collected: the counter's steps, as admin-orders.spec.ts walks them on screen.
  const placed = await placeProvedOrder(request, {
    items: [{ product_id: productId }],
    buyer_name: BUYER.name,
    phone: BUYER.phone,
    fulfilment: 'collect',
  });
  expect(placed.status()).toBe(201);
  const order = ((await placed.json()) as { orders: { number: string; token: string; collection_code: string }[] })
    .orders[0]!;
  const { orders } = (await admin.call('get', '/api/admin/orders?status=Placed&limit=100')) as {
    orders: { id: number; number: string }[];
  };
  const orderId = orders.find((o) => o.number === order.number)!.id;
  await admin.call('post', `/api/admin/orders/${orderId}/confirm`);
  await admin.call('post', `/api/admin/orders/${orderId}/ready`);
  await admin.call('post', `/api/admin/orders/${orderId}/complete`, {
    collection_code: order.collection_code,
    payment_method: 'cash',
  });

  // The shared link, as the server renders it: 200, Sold, and nothing of the sale.
  const rendered = await request.get(link);
  expect(rendered.status()).toBe(200);
  const html = await rendered.text();
  expect(html).toContain('This item has been sold.');
  expect(html).toContain(name);
  for (const secret of [BUYER.name, '991 777', order.number, order.collection_code, order.token])
    expect(html).not.toContain(secret);

  // In the browser: the page hydrates onto the same text (no mismatch reported), and it cannot be bought.
  const errors = collectErrors(page);
  await page.goto(link);
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'This item has been sold.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sold' })).toBeDisabled();
  await expect(page.getByTestId('product-price')).toHaveText('MWK 210,000');
  await expect(page.getByTestId('product-description')).toHaveText('Dual SIM, 256 GB, screen without scratches.');
  await expect(page.getByRole('img', { name: new RegExp(`^${name}`) }).first()).toBeVisible();
  const similar = page.getByRole('region', { name: 'Similar items on sale' });
  await expect(similar.getByRole('link').first()).toBeVisible();
  await expect(similar.getByText('Sold', { exact: true })).toHaveCount(0);
  await checkScreen(page, 'sold');
  expect(errors).toEqual([]);

  // Never orderable again, whatever a stale basket sends.
  const again = await placeProvedOrder(request, {
    items: [{ product_id: productId }],
    buyer_name: 'Chikondi Banda',
    phone: '+265 991 777 121',
    fulfilment: 'collect',
  });
  expect(again.status()).toBe(409);

  // An id that never existed: not found, status 404.
  const missing = await page.goto('/product/98765432');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();

  // In Chichewa: the sold page in Chichewa, and the buyer's order with its times in Chichewa, Malawi time.
  await context.addCookies([{ name: 'lang', value: 'ny', url: baseURL! }]);
  await page.goto(link);
  await waitForApp(page);
  await expect(page.getByRole('status').filter({ hasText: 'Katunduyu wagulitsidwa.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Katundu wofanana amene akugulitsidwa' })).toBeVisible();
  await checkScreen(page, 'sold-ny');

  const detail = (await (await request.get(`/api/v1/orders/${order.token}`)).json()) as {
    history: { created_at: string }[];
  };
  const placedAt = formatDateTime(detail.history[0]!.created_at, 'ny');
  expect(placedAt).toMatch(
    /^(Lamlungu|Lolemba|Lachiwiri|Lachitatu|Lachinayi|Lachisanu|Loweruka), \d{1,2} \p{L}+ \d{4}, \d{2}:\d{2}$/u,
  );
  await page.goto(`/order/${order.token}`);
  await expect(page.getByRole('list', { name: 'Mbiri ya oda' }).locator('time').first()).toHaveText(placedAt);
  await checkScreen(page, 'order-date-ny');
});
