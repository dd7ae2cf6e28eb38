import { expect, test } from '@playwright/test';
import { orderNumberPattern } from '@marketplace/shared';
import { expectNoSeriousA11yViolations } from './support/axe';
import { listProducts } from './support/catalogue';
import { collectErrors } from './support/console';
import { waitForApp } from './support/navigation';
import { PHONE, screenChecks } from './support/screens';
import { confirmWithCode } from './support/smsbox';

// Chichewa (docs/decisions/0032), on a phone: a buyer switches the shop to Chichewa, which it remembers (the server's
// pages come in Chichewa from then on), and places an order in Chichewa from product page to confirmation.
// Uses a seeded item no other journey orders.

const checkScreen = screenChecks('chichewa', { endAtPhone: true });
const ITEM = 'Sony Bluetooth Speaker SRS-XB33';
// The shared schemas' messages, as the Chichewa catalogue has them.
const NAME_REQUIRED = 'Lembani dzina lanu';
const PHONE_MESSAGE = 'Lembani nambala ya foni ya ku Malawi: +265 kapena 0 kenako manambala 9';
const SELL_HEADING = 'Tigulitseni katundu wanu';
const NOT_FOUND_HEADING = 'Tsamba silinapezeke';

test.use({ viewport: PHONE });

test('a buyer switches to Chichewa, the choice is remembered, and an order is placed in Chichewa', async ({
  page,
  request,
}) => {
  const item = (await listProducts(request, 'limit=100')).find((p) => p.name === ITEM);
  if (!item) throw new Error(`seeded product ${ITEM} is missing`);
  const errors = collectErrors(page);

  await page.goto('/');
  await waitForApp(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByText('Promotions and notifications are in development.')).toBeVisible();
  await page.getByRole('button', { name: 'Chichewa' }).click();

  // The page changes in place, says its language, and offers the way back in English.
  await expect(page.locator('html')).toHaveAttribute('lang', 'ny');
  await expect(page.getByText('Zotsatsa ndi mauthenga akukonzedwabe.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'English' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Magulu' }).getByRole('link', { name: "Mafoni a m'manja" }),
  ).toBeVisible();
  await checkScreen(page, 'home');

  // Remembered: the server renders the next page in Chichewa, and it hydrates without a mismatch.
  await page.goto(`/product/${item.id}`);
  await waitForApp(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ny');
  await expect(page.getByRole('heading', { level: 1, name: item.name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ndikufuna' })).toBeVisible();
  await checkScreen(page, 'product');

  await page.getByRole('button', { name: 'Gulani Tsopano' }).click();
  await expect(page).toHaveURL(/\/basket$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dengu Lanu' })).toBeVisible();
  await checkScreen(page, 'basket');
  await page.getByRole('button', { name: 'Tumizani oda' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Kutumiza Oda' })).toBeVisible();

  // The form's own messages are in Chichewa too.
  await page.getByLabel('Foni').fill('12345');
  await page.getByRole('button', { name: 'Tsimikizani oda' }).click();
  await expect(page.getByText(NAME_REQUIRED)).toBeVisible();
  await expect(page.getByText(PHONE_MESSAGE)).toBeVisible();
  await page.getByLabel('Dzina lanu').fill('Chisomo Mwale');
  await page.getByLabel('Foni').fill('0999 765 432');
  await expect(page.getByRole('radio', { name: /Kukatenga ku shopu/ })).toBeChecked();
  await checkScreen(page, 'checkout');

  // The phone is proved by the code the SMS brings, asked for in Chichewa without losing the form.
  await confirmWithCode(page, '0999 765 432', {
    label: /^Takutumizirani nambala ya manambala 6 pa SMS ku \+265 999 765 432/,
    button: 'Tsimikizani oda',
    atCodeStep: async () => {
      await expect(page.getByLabel('Dzina lanu')).toHaveValue('Chisomo Mwale');
      await expect(page.getByRole('button', { name: 'Tumizani nambala yatsopano' })).toBeVisible();
      await checkScreen(page, 'checkout-code');
    },
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Zikomo! Oda yanu yatumizidwa' })).toBeVisible();
  await expect(page.getByTestId('order-number')).toHaveText(orderNumberPattern);
  await checkScreen(page, 'confirmation');

  // And back to English, in place: the same confirmation in its English words.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you! Your order is placed' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'confirmation in English');
  // The one failed load is the order's 403 that asked for the phone's code; nothing else went wrong.
  expect(errors).toEqual(['Failed to load resource: the server responded with a status of 403 (Forbidden)']);
});

test('a language the shop does not have is English', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'lang', value: 'fr', url: baseURL! }]);
  await page.goto('/');
  await waitForApp(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByText('Promotions and notifications are in development.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Chichewa' })).toBeVisible();
});

test('the other public screens read in Chichewa and stay accessible', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'lang', value: 'ny', url: baseURL! }]);
  const errors = collectErrors(page);
  const screens: [path: string, name: string, heading: string][] = [
    ['/discover?category=SmartPhones', 'discover', "Onani Mafoni a m'manja"],
    ['/saved', 'saved', 'Zosungidwa'],
    ['/sell', 'sell', SELL_HEADING],
    ['/faq', 'faq', 'Mafunso Ofunsidwa Kawirikawiri'],
    ['/no-such-page', 'not-found', NOT_FOUND_HEADING],
  ];
  for (const [path, name, heading] of screens) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ny');
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await checkScreen(page, name);
  }
  expect(errors).toEqual([]);
});
