import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { listProducts } from './support/catalogue';
import { payChanguMode } from './support/paychangu';
import { PHONE, screenChecks } from './support/screens';
import { confirmWithCode, textsSentTo } from './support/smsbox';

// Paying an order now by mobile money (docs/decisions/0052), against the fake PayChangu that e2e/run.mjs starts: the
// server's poller finds each charge settled within a second or two, and the thank-you and order pages follow by itself. The
// journeys share the fake's mode, so they run one after the other; each uses seeded items no other journey orders.

const checkScreen = screenChecks('pay', { endAtPhone: true });

test.describe.configure({ mode: 'serial' });
test.use({ viewport: PHONE });

async function checkoutWith(page: Page, request: APIRequestContext, name: string, phone = '0999 555 111') {
  const item = (await listProducts(request)).find((p) => p.name === name);
  if (!item) throw new Error(`seeded product ${name} is missing`);
  await page.goto(`/product/${item.id}`);
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.getByLabel('Your name').fill('Madalitso Phiri');
  await page.getByLabel('Phone', { exact: true }).fill(phone);
}

const payment = (page: Page) => page.getByTestId('order-payment').getByRole('status');

/**
 * Confirms with mobile money chosen: the phone is proved by the SMS code first, as for a reservation (decision 0083),
 * then the thank-you page shows the payment, followed live. Then, unless told to stay, follows the link to the order
 * page.
 */
async function payNow(page: Page, method: 'Airtel Money' | 'TNM Mpamba', phone: string, { stay = false } = {}) {
  await page.getByRole('radio', { name: new RegExp(`Pay now with ${method}`) }).check();
  await confirmWithCode(page, phone);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you! Your order is placed' })).toBeVisible();
  await expect(page.getByTestId('phone-code-step')).toHaveCount(0);
  await expect(payment(page)).toBeVisible();
  if (!stay) await openOrderPage(page);
}

async function openOrderPage(page: Page) {
  await page.getByRole('link', { name: /^Keep this link to follow your order/ }).click();
  await expect(page).toHaveURL(/\/order\//);
}

test('a buyer pays with Airtel Money and sees the thank-you page and the order turn Paid; cancelling it brings the money back', async ({
  page,
  request,
}) => {
  const phone = '0999 555 111';
  await payChanguMode('success', phone);
  await checkoutWith(page, request, 'Lenovo ThinkPad T480', phone);
  await expect(page.getByRole('radio', { name: /Pay at the shop \/ on delivery/ })).toBeChecked();
  await page.getByRole('radio', { name: /Pay now with Airtel Money/ }).check();
  await checkScreen(page, 'checkout');
  await payNow(page, 'Airtel Money', phone, { stay: true });

  // The thank-you page follows the payment by itself, and stops saying "Check your phone" once it is paid.
  await expect(payment(page)).toContainText('Paid', { timeout: 15_000 });
  // Told "reserved", with the collection code, once paid (not before: decision 0083).
  await expect.poll(() => textsSentTo(phone).filter((t) => t.includes(' is reserved at ')).length).toBe(1);
  await expect(page.getByText(/Check your phone/)).toHaveCount(0);
  await checkScreen(page, 'thank-you-paid');
  await openOrderPage(page);

  // Without a reload: the page looks again while the payment moves.
  await expect(payment(page)).toContainText('Paid', { timeout: 15_000 });
  await expect(payment(page)).toContainText('paid with Airtel Money');
  await expect(page.getByText(/We hold your items until/)).toHaveCount(0);
  await checkScreen(page, 'paid');

  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: /^Cancel order/ });
  await expect(dialog).toContainText('you paid goes back to your Airtel Money');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByTestId('order-status')).toContainText('Cancelled');
  await expect(payment(page)).toContainText('Refunded', { timeout: 15_000 });
  await checkScreen(page, 'refunded');
});

test('a payment waiting for the PIN says so', async ({ page, request }) => {
  await payChanguMode('pending', '0888 555 111');
  // TNM Mpamba is for TNM's numbers (decision 0081).
  await checkoutWith(page, request, 'Xbox One S 1TB', '0888 555 111');
  await payNow(page, 'TNM Mpamba', '0888 555 111');
  await expect(payment(page)).toContainText(/Check your phone and enter your PIN to pay MWK [\d,]+/);
  await checkScreen(page, 'pending');
});

test('a failed payment says why on the thank-you page; Try again there waits for the next prompt, the shop holds it meanwhile', async ({
  page,
  request,
}) => {
  // Its own phone: one round of PIN prompts per phone per 10 minutes (decision 0083).
  const phone = '0999 555 112';
  await payChanguMode('failure', phone);
  await checkoutWith(page, request, 'Nintendo Switch Lite', phone);
  // Said on the thank-you page itself, with what to do next.
  await payNow(page, 'Airtel Money', phone, { stay: true });
  await expect(payment(page)).toContainText(/did not go through|could not reach/, { timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Pay at the shop instead' })).toBeVisible();
  await checkScreen(page, 'thank-you-failed');

  // A second prompt at once is refused: the page says when it may go, and Try again waits till then.
  await payChanguMode('success', phone);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('alert')).toContainText('A payment prompt was sent to this phone a few minutes ago');
  await expect(page.getByTestId('prompt-wait')).toContainText(/You can try again at \d\d:\d\d\./);
  await expect(page.getByRole('button', { name: 'Try again' })).toBeDisabled();
  await checkScreen(page, 'thank-you-wait');

  // Paying at the shop instead: the phone was proved at the checkout, so no code; the order is held unpaid.
  await page.getByRole('button', { name: 'Pay at the shop instead' }).click();
  await expect(page.getByTestId('order-payment')).toHaveCount(0);
  await openOrderPage(page);
  await expect(page.getByText(/We hold your items until/)).toBeVisible();
  await expect.poll(() => textsSentTo(phone).filter((t) => t.includes(' is reserved at ')).length).toBe(1);
});
