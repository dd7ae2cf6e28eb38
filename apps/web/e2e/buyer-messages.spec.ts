import { expect, test } from '@playwright/test';
import { orderNumberPattern } from '@marketplace/shared';
import { buyNowToCheckout } from './support/catalogue';
import { PHONE, screenChecks } from './support/screens';
import { confirmWithCode, textsSentTo } from './support/smsbox';

// Buyers hear about their order (docs/decisions/0060): the SMS on placing carries the number, the collection code
// and a working link; a buyer who lost it asks for it again with the number and the phone, and it comes by SMS.
// The item and the phone are this journey's own, so journeys running at once never share them.

const checkScreen = screenChecks('buyer-messages', { endAtPhone: true });
const ITEM = 'Google Pixel 6a';
const BUYER_PHONE = '0999 606 060';
const LINK = /https?:\/\/\S+\/order\/[A-Za-z0-9_-]{32}/;

test.use({ viewport: PHONE });

/** The newest SMS to the buyer that matches `pattern`, once the outbox has sent it. */
async function smsMatching(pattern: RegExp): Promise<string> {
  await expect.poll(() => textsSentTo(BUYER_PHONE).some((t) => pattern.test(t)), { timeout: 20_000 }).toBe(true);
  return textsSentTo(BUYER_PHONE)
    .filter((t) => pattern.test(t))
    .at(-1)!;
}

const pathOf = (sms: string) => new URL(LINK.exec(sms)![0]).pathname;

test('the buyer gets the order by SMS, and asks for its link again after losing it', async ({ page, request }) => {
  await buyNowToCheckout(page, request, ITEM);
  await page.getByLabel('Your name').fill('Kondwani Phiri');
  await page.getByLabel('Phone').fill(BUYER_PHONE);
  await confirmWithCode(page, BUYER_PHONE);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you! Your order is placed' })).toBeVisible();
  const number = (await page.getByTestId('order-number').first().textContent())!.trim();
  expect(number).toMatch(orderNumberPattern);
  const code = (await page.getByTestId('collection-code').first().textContent())!.match(/\d{6}/)![0];

  // The SMS on placing: the number, the shop, the code and a link that opens the order.
  const placed = await smsMatching(new RegExp(`order ${number} is reserved at `));
  expect(placed).toContain(`Your code: ${code}`);
  await page.goto(pathOf(placed));
  await expect(page.getByTestId('order-number')).toHaveText(number);

  // A link that lost characters: the page offers to send it again.
  await page.goto('/order/this-link-lost-some-characters0');
  await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
  const lost = page.getByRole('region', { name: 'Lost your order link?' });
  await lost.getByLabel('Order number').fill(number);
  await lost.getByLabel('Phone number').fill(BUYER_PHONE);
  await checkScreen(page, 'lost-link-form');
  await lost.getByRole('button', { name: 'Send me the link' }).click();
  await expect(lost.getByRole('status')).toHaveText(
    'If the number and phone match an order, its link is on its way by SMS.',
  );
  await checkScreen(page, 'lost-link-sent');

  const resent = await smsMatching(new RegExp(`the link to your order ${number}: `));
  await page.goto(pathOf(resent));
  await expect(page.getByTestId('order-number')).toHaveText(number);
  await expect(page.getByTestId('collection-code')).toContainText(code);
});
