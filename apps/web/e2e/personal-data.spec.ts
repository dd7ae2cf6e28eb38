import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { login, sidebar } from './support/admin';
import { screenChecks } from './support/screens';
import { submitSell } from './support/staff-api';

// docs/decisions/0078: an Admin finds a seller by phone, exports what is kept and erases it; the search then
// finds nothing.

const checkScreen = screenChecks('personal-data');

test('an Admin finds a seller by phone, exports their data and erases it', async ({ page, request }) => {
  const digits = String(Date.now() % 10_000_000).padStart(7, '0');
  const phone = `099${digits}`;
  const name = `Mphatso Privacy ${digits}`;
  const reference = await submitSell(request, 'Tecno Spark 10', {
    phone,
    seller_name: name,
    email: `mphatso.${digits}@example.mw`,
  });

  await login(page);
  await sidebar(page).getByRole('link', { name: 'Personal data' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Personal data' })).toBeVisible();
  await page.getByLabel('Phone number or email').fill(phone);
  await page.getByRole('button', { name: 'Search' }).click();
  const requests = page.getByRole('region', { name: 'Seller requests' });
  await expect(requests.getByRole('cell', { name: reference })).toBeVisible();
  await expect(requests.getByRole('cell', { name })).toBeVisible();
  await checkScreen(page, 'found');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
    seller_requests: { reference: string; seller_name: string; phone: string }[];
  };
  expect(exported.seller_requests).toEqual([
    expect.objectContaining({ reference, seller_name: name, phone: `+265${phone.slice(1)}` }),
  ]);

  await page.getByRole('button', { name: 'Erase' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Please confirm' });
  await expect(dialog).toContainText(`Erase everything kept about ${phone}?`);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Personal data erased')).toBeVisible();
  await expect(page.getByText('Nothing is kept about this person.')).toBeVisible();
  await checkScreen(page, 'erased');

  // A fresh search finds nothing either.
  await page.reload();
  await page.getByLabel('Phone number or email').fill(phone);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Nothing is kept about this person.')).toBeVisible();
});
