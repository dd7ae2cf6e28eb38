import { expect, test, type Page } from '@playwright/test';
import { orderNumberPattern } from '@marketplace/shared';
import { buyNowToCheckout } from './support/catalogue';
import { PHONE, screenChecks } from './support/screens';
import { confirmWithCode } from './support/smsbox';

// A shared phone forgets an order's private link when the buyer asks (docs/decisions/0047): on the built server,
// at a phone's size. The item and the phone number are this journey's own, so journeys running at once never
// reserve each other's items or share a phone's codes.

const checkScreen = screenChecks('forget-order', { endAtPhone: true });
const ITEM = 'Tecno Spark 10 Pro';
const BUYER_PHONE = '0999 414 141';

test.use({ viewport: PHONE });

/** The order links this browser keeps (lib/placed-orders.ts). */
const keptTokens = (page: Page) =>
  page.evaluate(() =>
    (JSON.parse(window.localStorage.getItem('placed-orders') ?? '[]') as { token: string }[]).map((o) => o.token),
  );

test('a buyer forgets an order on this phone: it leaves "Your orders" and the phone, and the order stays placed', async ({
  page,
  request,
}) => {
  await buyNowToCheckout(page, request, ITEM);
  await page.getByLabel('Your name').fill('Tamanda Mbewe');
  await page.getByLabel('Phone').fill(BUYER_PHONE);
  await confirmWithCode(page, BUYER_PHONE);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you! Your order is placed' })).toBeVisible();
  const number = (await page.getByTestId('order-number').textContent())!.trim();
  expect(number).toMatch(orderNumberPattern);

  // The basket lists the order placed here; its link opens the private order page.
  await page.goto('/basket');
  const yourOrders = page.getByRole('region', { name: 'Your orders' });
  await expect(yourOrders.getByRole('link')).toHaveCount(1);
  await yourOrders.getByRole('link', { name: new RegExp(`^${number} `) }).click();
  await expect(page).toHaveURL(/\/order\/[A-Za-z0-9_-]{32}$/);
  const token = new URL(page.url()).pathname.split('/').at(-1)!;
  await expect(page.getByTestId('order-number')).toHaveText(number);
  expect(await keptTokens(page)).toEqual([token]);
  const forget = page.getByRole('button', { name: 'Forget this order on this phone' });
  await expect(forget).toBeVisible();
  await checkScreen(page, 'order-page');

  await forget.click();
  await expect(page).toHaveURL(/\/basket$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Basket' })).toBeVisible();
  // The only order placed here is gone from the list (which then has no section at all) and from the phone.
  await expect(page.getByRole('region', { name: 'Your orders' })).toHaveCount(0);
  await expect(page.getByText(number)).toHaveCount(0);
  expect(await keptTokens(page)).toEqual([]);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Basket' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your orders' })).toHaveCount(0);

  // Forgetting is this phone's business only: the order is still placed, and its link still opens it.
  const order = await request.get(`/api/v1/orders/${token}`);
  expect(order.status()).toBe(200);
  expect(((await order.json()) as { status: string }).status).toBe('Placed');
});
