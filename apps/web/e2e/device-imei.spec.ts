import { luhnValid } from '@marketplace/shared';
import { expect, test } from '@playwright/test';
import { login } from './support/admin';
import { screenChecks } from './support/screens';
import { staff, submitSell } from './support/staff-api';

// IMEI at intake (docs/decisions/0057): staff type the phone's IMEI and the result of their MACRA CEIR check on the
// seller request, add it to inventory, and buyers read "IMEI checked with MACRA" on the product page, never the IMEI.

const checkScreen = screenChecks('device-imei');

/** A valid IMEI of its own for each run: the journeys' database may hold earlier runs' phones. */
function freshImei() {
  const body = `3569380${String(Date.now()).slice(-7)}`;
  const digit = [...'0123456789'].find((d) => luhnValid(`${body}${d}`))!;
  return `${body}${digit}`;
}

test('staff record an IMEI and a compliant CEIR check, and the product page says it was checked', async ({
  page,
  request,
}) => {
  const item = `IMEI Phone ${Date.now().toString(36)}`;
  const imei = freshImei();
  const reference = await submitSell(request, item);

  // Offered and accepted through the API: those screens have journeys of their own.
  const admin = await staff(request);
  const id = await admin.idOf(reference);
  await admin.call('post', `/api/admin/seller-requests/${id}/approved`);
  await admin.call('post', `/api/admin/seller-requests/${id}/offer`, { price: 250000, reason: 'Box included' });
  await admin.call('post', `/api/admin/seller-requests/${id}/seller-accepted`, { note: 'Accepted at the counter' });

  await login(page);
  await page.goto(`/admin/seller-requests/${id}`);
  const device = page.getByRole('form', { name: 'Device' });
  // A slip of one digit is caught before anything is sent.
  await device.getByLabel('IMEI', { exact: true }).fill(`${imei.slice(0, 14)}${(Number(imei[14]) + 1) % 10}`);
  await device.getByRole('button', { name: 'Save device' }).click();
  await expect(device.getByText("This IMEI's check digit is wrong: check it on the device (*#06#)")).toBeVisible();
  // Typed as the box prints it, with spaces.
  await device.getByLabel('IMEI', { exact: true }).fill(`${imei.slice(0, 2)} ${imei.slice(2, 8)} ${imei.slice(8)}`);
  await device.getByLabel('MACRA CEIR check').selectOption('compliant');
  await device.getByRole('button', { name: 'Save device' }).click();
  await expect(page.getByText('Device saved')).toBeVisible();
  await expect(device.getByLabel('IMEI', { exact: true })).toHaveValue(imei);
  await expect(device).toContainText('Checked by');
  await checkScreen(page, 'request');

  await page.getByRole('button', { name: 'Add to Inventory' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to Inventory' });
  await expect(dialog.getByLabel('Shop')).toBeEnabled();
  await dialog.getByLabel('Shop').selectOption({ label: 'Lilongwe City Centre Shop' });
  await dialog.getByLabel('Category').selectOption({ label: 'SmartPhones' });
  await dialog.getByLabel('Selling price (MWK)').fill('320000');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('status-hint')).toHaveText('Offer fulfilled — transaction complete.');

  const { product_id: productId } = (await admin.call('get', `/api/admin/seller-requests/${id}`)) as {
    product_id: number;
  };
  // The product carries the request's device record, edited on its own page from now on.
  await page.goto(`/admin/products/${productId}`);
  const productDevice = page.getByRole('form', { name: 'Device' });
  await expect(productDevice.getByLabel('IMEI', { exact: true })).toHaveValue(imei);
  await expect(productDevice.getByLabel('MACRA CEIR check')).toHaveValue('compliant');
  await checkScreen(page, 'product-edit');

  await page.goto(`/product/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name: item })).toBeVisible();
  await expect(page.getByTestId('imei-checked')).toHaveText('✓ IMEI checked with MACRA');
  // The IMEI is staff's: not on the page, not in what the page loaded.
  expect(await page.content()).not.toContain(imei);
  await checkScreen(page, 'product');
});
