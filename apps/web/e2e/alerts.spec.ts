import { expect, test } from '@playwright/test';
import { login } from './support/admin';
import { PHONE, screenChecks } from './support/screens';
import { codeSentTo, codesSentTo, textsSentTo } from './support/smsbox';
import { staff, submitSell } from './support/staff-api';

// docs/product.md#alerts: a buyer asks to hear when a saved item drops in price, proving the phone with the SMS code
// as the checkout does; staff lower the price, and the SMS arrives (the journey's server sweeps every second) with
// a link that stops the alerts. The item and the phone are this journey's own.

const checkScreen = screenChecks('alerts', { endAtPhone: true });
const ITEM = 'Nokia X30 Alert Journey';
const BUYER_PHONE = '0999 707 070';
const ITEM_ALERT = 'Tell me if the price drops or it is back on sale';

test.use({ viewport: PHONE });

test('a buyer sets an alert with a phone code, hears of a staff price drop by SMS, and stops it', async ({
  page,
  browser,
  request,
}) => {
  const admin = await staff(request);
  const id = await admin.idOf(await submitSell(request, ITEM, { description: 'Dual SIM, 128 GB, with charger.' }));
  const productId = await admin.stock(id, {
    shop: 'Lilongwe City Centre Shop',
    category: 'SmartPhones',
    offer: 150000,
    price: 200000,
  });

  // Saved, then the alert from the Saved page: the first time, the SMS code proves the phone.
  // No wait for the app: a tap before it runs is pressed again once it does (start-after-load.ts).
  await page.goto(`/product/${productId}`);
  await page.getByRole('button', { name: 'Mark Interested' }).click();
  await expect(page.getByRole('button', { name: '✓ Interested' })).toHaveAttribute('aria-disabled', 'false');
  await page.goto('/saved');
  await expect(page.getByRole('list', { name: 'Saved items' }).getByRole('article')).toHaveCount(1);
  await checkScreen(page, 'saved');
  await page.getByRole('button', { name: ITEM_ALERT }).click();
  const dialog = page.getByRole('dialog', { name: ITEM_ALERT });
  await dialog.getByLabel('Your phone number').fill(BUYER_PHONE);
  await checkScreen(page, 'dialog', false);
  const before = codesSentTo(BUYER_PHONE);
  await dialog.getByRole('button', { name: 'Tell me' }).click();
  const code = dialog.getByLabel(/^We sent a 6-digit code by SMS to .* Enter it to set the alert\.$/);
  await expect(code).toBeVisible();
  await checkScreen(page, 'code', false);
  await code.fill(await codeSentTo(BUYER_PHONE, before));
  await dialog.getByRole('button', { name: 'Tell me' }).click();
  const set = page.getByRole('dialog', { name: 'Alert set' });
  await expect(set).toContainText('We will send an SMS to +265 999 707 070');
  await checkScreen(page, 'set', false);
  await set.getByRole('button', { name: 'OK' }).click();

  // A search alert from the results: the phone proved above goes through with its kept token, no new code.
  await page.goto('/discover?search=nokia');
  await page.getByRole('button', { name: 'Tell me when one arrives' }).click();
  const searchDialog = page.getByRole('dialog', { name: 'Tell me when one arrives' });
  await expect(searchDialog.getByLabel('Your phone number')).toHaveValue('+265 999 707 070');
  await searchDialog.getByRole('button', { name: 'Tell me' }).click();
  await expect(page.getByRole('dialog', { name: 'Alert set' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Alert set' }).getByRole('button', { name: 'OK' }).click();
  await checkScreen(page, 'discover');
  expect(codesSentTo(BUYER_PHONE)).toBe(before + 1);

  // Staff lower the price in the back-office.
  const staffPage = await browser.newPage();
  await login(staffPage);
  await staffPage.goto(`/admin/products/${productId}`);
  await staffPage.getByLabel('Price (MWK)', { exact: true }).fill('180000');
  await staffPage.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(staffPage).toHaveURL(/\/admin\/products$/);
  await staffPage.close();

  const drop = `${ITEM} now MWK 180,000 (was MWK 200,000)`;
  await expect
    .poll(() => textsSentTo(BUYER_PHONE).filter((t) => t.includes(drop)), { timeout: 30_000 })
    .toHaveLength(1);
  const sms = textsSentTo(BUYER_PHONE).find((t) => t.includes(drop))!;
  expect(sms).toContain(`/product/${productId}`);
  const stop = /https?:\/\/\S+\/alerts\/stop\/[\w-]{32}$/.exec(sms)![0];

  // The stop link, as a phone opens it: a page that asks, and stops on the tap.
  await page.goto(new URL(stop).pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Stop SMS alerts' })).toBeVisible();
  await checkScreen(page, 'stop');
  await page.getByRole('button', { name: 'Stop the alerts' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'Done: this phone gets no more alert SMS from us.',
  );
  await checkScreen(page, 'stopped');
});
