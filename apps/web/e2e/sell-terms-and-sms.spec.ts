import { expect, test } from '@playwright/test';
import { shot } from './support/admin';
import { photo } from './support/photos';
import { LAPTOP, PHONE, screenChecks } from './support/screens';
import { textsSentTo } from './support/smsbox';
import { picture } from './support/picture';

// Decision 0056: the terms box on /sell links to the terms in a new tab, the form keeping what is typed and its
// photos; the seller hears at once by SMS, in the language the form was shown in.

const checkScreen = screenChecks('terms');

test('the terms box stays ticked and opens the terms in a new tab; the form keeps its photos', async ({
  page,
  context,
}) => {
  await page.goto('/sell');
  await page.getByLabel('Photos of your item').setInputFiles([await photo('front.png', '#0f766e')]);
  await page.getByLabel('Item name').fill('Terms Journey Phone');
  const box = page.getByRole('checkbox', { name: 'I accept the terms and conditions' });
  await expect(box).toBeChecked();
  const options = page.getByRole('group', { name: 'Options' });
  for (const size of [PHONE, LAPTOP]) {
    await page.setViewportSize(size);
    await options.scrollIntoViewIfNeeded();
    await picture(options, shot(`terms-sell-checkbox-${size.width}`));
  }

  const [terms] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: 'Read the terms and conditions (opens in a new tab)' }).click(),
  ]);
  await expect(terms).toHaveURL(/\/terms$/);
  await expect(terms.getByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeVisible();
  await expect(terms.getByRole('heading', { level: 2, name: 'Returns and refunds' })).toBeVisible();
  await expect(terms.getByText(/^Within 7 days of collecting or receiving an item/)).toBeVisible();
  await checkScreen(terms, 'page');
  // noopener: the terms tab cannot reach back into the form's window.
  expect(await terms.evaluate(() => window.opener)).toBeNull();

  await expect(page.getByLabel('Item name')).toHaveValue('Terms Journey Phone');
  await expect(page.getByRole('list', { name: 'Selected images' }).getByRole('img')).toHaveCount(1);
  await expect(box).toBeChecked();
});

test('a seller who filled the form in Chichewa gets the reference and the link by SMS in Chichewa', async ({
  page,
  context,
  baseURL,
}) => {
  // A number no other journey uses: each phone hears of at most 3 submissions a day.
  const phone = `0999 ${String(Date.now()).slice(-6)}`;
  await context.addCookies([{ name: 'lang', value: 'ny', url: baseURL! }]);
  await page.goto('/sell');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ny');
  // By field name: the labels are in Chichewa.
  const form = page.locator('form:has([name=item_name])');
  await form.locator('[name=item_name]').fill('Foni ya Chichewa');
  await form.locator('[name=description]').fill('Ili bwino, ndi chaja yake.');
  await form.locator('[name=price]').fill('150000');
  await form.locator('[name=condition][value=good]').check();
  await form.locator('[name=seller_name]').fill('Chisomo Phiri');
  await form.locator('[name=phone]').fill(phone);
  await form.locator('[name=email]').fill(`chisomo.${Date.now().toString(36)}@example.mw`);
  await form.locator('[name=location]').fill('Blantyre');
  await form.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/\/sell\/success$/);
  const reference = (await page.getByTestId('sell-reference').textContent())!.trim();

  await expect.poll(() => textsSentTo(phone).length, { timeout: 20_000 }).toBe(1);
  const [sms] = textsSentTo(phone);
  expect(sms).toMatch(
    new RegExp(
      `^Marketplace Malawi: talandira katundu wanu ${reference}\\. Sungani ulalowu kuti muzimutsatira: \\S+/sell/status/[A-Za-z0-9_-]{32}$`,
    ),
  );
  // The link in the SMS is the seller's page.
  await page.goto(new URL(sms!.split(' ').at(-1)!).pathname);
  await expect(page.getByText(reference).first()).toBeVisible();
});
