import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { login, sidebar } from './support/admin';
import { listProducts, money } from './support/catalogue';
import { screenChecks } from './support/screens';
import { placeProvedOrder } from './support/smsbox';
import { staff } from './support/staff-api';

// The Money screen (docs/decisions/0051): an order completed at the counter, paid by bank transfer, shows on the
// Money screen under its shop and today; its figure opens its ledger entry, and the CSV holds it. No other journey
// is paid by bank transfer, so that column of that shop is exactly this order, whatever else runs beside it.

const checkScreen = screenChecks('admin-money');

test('staff complete an order at the counter, find it on the Money screen, open its entry and download the CSV', async ({
  page,
  request,
}) => {
  const item = (await listProducts(request)).find((p) => p.name === 'Solar Home Kit 200W');
  if (!item?.shop) throw new Error('seeded solar kit or its shop is missing');
  const placed = await placeProvedOrder(request, {
    items: [{ product_id: item.id, price: item.price }],
    buyer_name: 'Tiyamike Phiri',
    phone: '+265 991 444 555',
    fulfilment: 'collect',
  });
  expect(placed.status()).toBe(201);
  const { number, collection_code } = (
    (await placed.json()) as { orders: { number: string; collection_code: string }[] }
  ).orders[0]!;
  const reference = `BANK-${Date.now()}`;
  // The counter's steps, as the order screen takes them (admin-orders.spec.ts walks those screens).
  const desk = await staff(request);
  const { orders } = (await desk.call('get', '/api/admin/orders?status=Placed&limit=100')) as {
    orders: { id: number; number: string }[];
  };
  const id = orders.find((o) => o.number === number)!.id;
  await desk.call('post', `/api/admin/orders/${id}/confirm`);
  await desk.call('post', `/api/admin/orders/${id}/ready`);
  await desk.call('post', `/api/admin/orders/${id}/complete`, {
    collection_code,
    payment_method: 'bank',
    payment_reference: reference,
  });

  await login(page);
  // Other journeys pay sellers and complete orders meanwhile: the margin is only checked to be a figure here (its
  // sum is the API tests').
  await expect(page.getByTestId('stat-marginThisWeek')).toHaveText(/^−?MWK [\d,]+$/);

  await sidebar(page).getByRole('link', { name: 'Money' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Money' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Period' }).selectOption('today');
  await page.getByRole('combobox', { name: 'Shop' }).selectOption(item.shop.name);
  await expect(page).toHaveURL(/period=today&shop_id=\d+/);
  await expect(page.getByRole('heading', { name: 'Needs attention' })).toBeVisible();
  const row = page.getByRole('region', { name: 'Money per shop and day' }).locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(item.shop.name);
  await checkScreen(page, 'screen');

  const bank = row.getByRole('link', { name: new RegExp(`^${money(item.price)} \\(Bank transfer taken in`) });
  await bank.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Money entries' })).toBeVisible();
  await expect(page.getByText('Sale and Payment · Bank transfer')).toBeVisible();
  const entry = page.locator('tbody tr');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(reference);
  await expect(entry).toContainText(money(item.price));
  await expect(entry.getByRole('link', { name: number })).toHaveAttribute('href', `/admin/orders/${id}`);
  await checkScreen(page, 'entries');

  await page.getByRole('link', { name: 'Back to Money' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Money' })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^money-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  // UTF-8's byte-order mark first, for Excel (issue 34).
  expect(csv.split('\r\n')[0]).toBe('\uFEFFdate,shop,kind,method,amount,reference,number,staff,note');
  expect(csv).toContain(`"${item.shop.name}","sale","bank","${item.price}","${reference}","${number}"`);
});
