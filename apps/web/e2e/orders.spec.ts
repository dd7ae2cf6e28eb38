import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { MALAWI_PHONE_MESSAGE, orderNumberPattern } from '@marketplace/shared';
import { expectNoSeriousA11yViolations } from './support/axe';
import { listProducts, money } from './support/catalogue';
import { PHONE, screenChecks } from './support/screens';
import { confirmWithCode } from './support/smsbox';

// Orders, the buyer's side (docs/product.md#orders), at a phone's size on the built server: buy for collection and
// follow the order, buy from two shops for delivery, lose a race for the last unit, cancel. Each journey uses its own
// seeded items (the oldest ones, which no other journey picks), so journeys running at once never reserve each other's
// items.

const checkScreen = screenChecks('order', { endAtPhone: true });

test.describe.configure({ mode: 'parallel' });
test.use({ viewport: PHONE });

async function product(request: APIRequestContext, name: string) {
  const found = (await listProducts(request)).find((p) => p.name === name);
  if (!found) throw new Error(`seeded product ${name} is missing`);
  return found;
}

async function buyNow(page: Page, id: number) {
  await page.goto(`/product/${id}`);
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/basket$/);
}

async function fillBuyer(page: Page, name = 'Chikondi Banda', phone = '0999 123 456') {
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Phone').fill(phone);
}

const placed = (page: Page) => page.getByTestId('placed-order');

test('a buyer reserves one item for collection, follows the order through its private link and cancels it', async ({
  page,
  request,
}) => {
  const item = await product(request, 'JBL Tune 510BT Headphones');
  expect(item.shop).toMatchObject({ name: 'Mzuzu Shop', town: 'Mzuzu' });

  // Where the item is, with one tap to call or to WhatsApp the shop about this item.
  await page.goto(`/product/${item.id}`);
  const where = page.getByRole('region', { name: 'Where the item is' });
  await expect(where.getByTestId('shop-name')).toHaveText('Mzuzu Shop');
  await expect(where.getByText(item.shop!.hours)).toBeVisible();
  await expect(where.getByRole('link', { name: /^Call the shop/ })).toHaveAttribute('href', `tel:${item.shop!.phone}`);
  const whatsapp = await where.getByRole('link', { name: /^Chat on WhatsApp/ }).getAttribute('href');
  expect(whatsapp).toMatch(new RegExp(`^https://wa\\.me/${item.shop!.phone!.slice(1)}\\?text=`));
  expect(decodeURIComponent(whatsapp!.split('text=')[1]!)).toContain(`${item.name} `);
  await expect(page.getByTestId('product-location')).toHaveText('Mzuzu');

  await buyNow(page, item.id);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();

  // Every bad field says what is wrong next to it; nothing is sent.
  await page.getByLabel('Phone').fill('12345');
  await page.getByLabel('Email (optional)').fill('not-an-email');
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page.getByText('Your name is required')).toBeVisible();
  await expect(page.getByText(MALAWI_PHONE_MESSAGE)).toBeVisible();
  await expect(page.getByText('Invalid email')).toBeVisible();
  await page.getByLabel('Email (optional)').fill('');
  await fillBuyer(page);
  await expect(page.getByRole('radio', { name: /Collect at the shop/ })).toBeChecked();
  await checkScreen(page, 'checkout');

  // A first order from this phone: the checkout asks, in place, for the code the SMS brought.
  await confirmWithCode(page, '0999 123 456', {
    atCodeStep: async () => {
      await expect(page.getByLabel('Your name')).toHaveValue('Chikondi Banda');
      await checkScreen(page, 'checkout-code');
    },
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you! Your order is placed' })).toBeVisible();
  await expect(placed(page)).toHaveCount(1);
  const number = (await page.getByTestId('order-number').textContent())!.trim();
  expect(number).toMatch(orderNumberPattern);
  await expect(placed(page).getByText('What to bring')).toBeVisible();
  await expect(placed(page).getByText(/Bring your order number and the money/)).toBeVisible();
  await expect(page.getByTestId('basket-count')).toHaveText('0');
  await checkScreen(page, 'confirmation');

  await page.getByRole('link', { name: `Keep this link to follow your order ${number}` }).click();
  await expect(page).toHaveURL(/\/order\/[A-Za-z0-9_-]{32}$/);
  const orderUrl = page.url();
  expect(orderUrl).not.toContain(number);
  await expect(page.getByTestId('order-number')).toHaveText(number);
  await expect(page.getByTestId('order-status')).toContainText(
    'Your items are reserved. The shop will call you to confirm.',
  );
  // The code staff need to hand the items over, shown only here (decision 0059).
  await expect(page.getByTestId('collection-code')).toContainText(/Your collection code\s*\d{6}/);
  await checkScreen(page, 'page-placed');

  // Reserved for this buyer: nobody else can put it in a basket, and it left Explore New Items.
  const reserved = await page.context().newPage();
  await reserved.goto(`/product/${item.id}`);
  await expect(reserved.getByText('This item is reserved by another buyer.')).toBeVisible();
  await expect(reserved.getByRole('button', { name: 'Reserved' })).toBeDisabled();
  expect((await listProducts(request, 'limit=100&available=true')).map((p) => p.id)).not.toContain(item.id);
  await reserved.close();

  // The buyer cancels from the private page: the item is on sale again.
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel order ${number}?` });
  await dialog.getByLabel(/Reason/).fill('Found one closer to home');
  await expectNoSeriousA11yViolations(page, 'cancel dialog');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByTestId('order-status')).toContainText('This order was cancelled. The items are back on sale.');
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  expect((await (await request.get(`/api/v1/products/${item.id}`)).json()).reserved).toBe(false);
  await checkScreen(page, 'page-cancelled');
});

test('a basket from two shops becomes two delivery orders, said plainly before confirming', async ({
  page,
  request,
}) => {
  const blender = await product(request, 'Russell Hobbs Blender');
  const router = await product(request, 'Huawei 4G Router B535');
  expect([blender.shop?.town, router.shop?.town]).toEqual(['Mzuzu', 'Lilongwe']);
  await buyNow(page, blender.id);
  await buyNow(page, router.id);
  await expect(page.getByTestId('basket-line')).toHaveCount(2);
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(
    page.getByText('Your items are in 2 shops, so this becomes 2 orders, one per shop.', { exact: false }),
  ).toBeVisible();
  await fillBuyer(page, 'Thoko Phiri', '+265 888 234 567');
  await page.getByRole('radio', { name: /Delivery/ }).check();
  const byShop = page.getByRole('list', { name: 'Delivery by shop' });
  await expect(byShop).toContainText('Mzuzu');
  await expect(byShop).toContainText('agreed on the phone');
  await expect(byShop).toContainText(money(5000));
  await page.getByRole('button', { name: /^Confirm/ }).click();
  await expect(page.getByText('Delivery address is required')).toBeVisible();
  await expect(page.getByText('Area is required')).toBeVisible();
  await page.getByLabel('Address').fill('Plot 12, near the market');
  await page.getByLabel('Area').fill('Area 47');
  await checkScreen(page, 'checkout-two-shops');

  await confirmWithCode(page, '+265 888 234 567');
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you! Your 2 orders are placed' })).toBeVisible();
  await expect(placed(page)).toHaveCount(2);
  const lilongwe = placed(page).filter({ hasText: router.name });
  await expect(lilongwe).toContainText(money(router.price + 5000));
  await expect(placed(page).filter({ hasText: blender.name })).toContainText('Mzuzu Shop');
  await expect(page.getByTestId('basket-count')).toHaveText('0');
  await checkScreen(page, 'confirmation-two-shops');

  // The basket remembers both orders for this buyer.
  await page.goto('/basket');
  await expect(page.getByRole('region', { name: 'Your orders' }).getByRole('link')).toHaveCount(2);
});

test('two buyers want the last unit: one gets it, the other is told which item went and keeps the rest', async ({
  browser,
  request,
}) => {
  const microwave = await product(request, 'Kenwood Microwave 20L');
  const laptop = await product(request, 'Acer Aspire 3 15.6"');
  const first = await browser.newPage({ viewport: PHONE });
  const second = await browser.newPage({ viewport: PHONE });

  // The second buyer is already at the checkout with both items when the first buyer orders the microwave.
  await buyNow(second, microwave.id);
  await buyNow(second, laptop.id);
  await second.getByRole('button', { name: 'Place order' }).click();
  await fillBuyer(second, 'Second Buyer', '0888 765 432');

  await buyNow(first, microwave.id);
  await first.getByRole('button', { name: 'Place order' }).click();
  await fillBuyer(first, 'First Buyer', '0999 765 432');
  await confirmWithCode(first, '0999 765 432');
  await expect(first.getByRole('heading', { level: 1, name: 'Thank you! Your order is placed' })).toBeVisible();

  // The code is right but the microwave went meanwhile: the code stays good for the rest of the basket.
  await confirmWithCode(second, '0888 765 432');
  const notice = second.getByRole('alert').filter({ hasText: 'Your order was not placed' });
  await expect(notice).toContainText(`${microwave.name} was just reserved by another buyer`);
  await expect(second.getByLabel('Your name')).toHaveValue('Second Buyer');
  await checkScreen(second, 'race-lost');
  await second.getByRole('button', { name: 'Continue with the other items' }).click();
  await expect(second.getByRole('heading', { level: 1, name: 'Thank you! Your order is placed' })).toBeVisible();
  await expect(placed(second)).toHaveCount(1);
  await expect(placed(second)).toContainText(laptop.name);
  await expect(placed(second)).not.toContainText(microwave.name);

  // Never two open orders for one item: the microwave is held once, by the first buyer.
  expect((await (await request.get(`/api/v1/products/${microwave.id}`)).json()).reserved).toBe(true);
  await first.close();
  await second.close();
});
