import { expect, test } from '@playwright/test';
import { login } from './support/admin';
import { photo } from './support/photos';
import { screenChecks } from './support/screens';
import { staff } from './support/staff-api';

// Money the gateway cannot send (docs/decisions/0079, 0082). The journey server's fake PayChangu lists TNM Mpamba
// with `supports_withdrawals: false`, as PayChangu's documented sample does: paying a TNM seller becomes an Admin's
// task on the Money screen, recorded as cash at the counter; an Admin then corrects the entry with a new one, and the
// request, which money now names, can be archived but not deleted. The Blantyre shop's corrections are this
// journey's only ones, whatever else runs beside it.

const checkScreen = screenChecks('money-by-hand');
const SHOP = 'Blantyre Limbe Shop';

test('a TNM Mpamba payout is paid by hand from the Money screen, corrected, and its request archived, not deleted', async ({
  page,
  request,
}) => {
  const submitted = await request.post('/api/v1/sells', {
    multipart: {
      item_name: `By-hand Tablet ${Date.now().toString(36)}`,
      description: 'Galaxy Tab A8, 32 GB, with its charger.',
      price: '100000',
      seller_name: 'Chisomo Banda',
      phone: '0888 321 654',
      email: 'chisomo@example.mw',
      location: 'Blantyre',
      notify_on_offer: 'true',
      terms_accepted: 'true',
      create_seller_account: 'false',
      images: await photo('tablet.png', '#1d4ed8'),
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const { reference } = (await submitted.json()) as { reference: string };
  const admin = await staff(request);
  const id = await admin.idOf(reference);
  await admin.stock(id, { shop: SHOP, category: 'Other', offer: 90000, price: 120000 });

  await login(page);
  await page.goto(`/admin/seller-requests/${id}`);
  const panel = page.getByRole('region', { name: 'Pay the seller MWK 90,000' });
  await panel.getByRole('button', { name: 'Pay the seller' }).click();
  const pay = page.getByRole('dialog', { name: 'Pay the seller MWK 90,000' });
  // The seller's number is TNM's: the network is chosen for staff (decision 0081).
  await expect(pay.getByLabel('How')).toHaveValue('tnm_mpamba');
  await pay.getByRole('button', { name: 'Confirm' }).click();
  await expect(pay).toHaveCount(0);
  await expect(async () => {
    await page.reload();
    await expect(panel.getByTestId('payout-state')).toContainText(
      'MWK 90,000 cannot be sent to TNM Mpamba by the payment service',
      { timeout: 1_000 },
    );
  }).toPass({ timeout: 20_000 });
  await checkScreen(page, 'request-waiting');

  await page.goto('/admin/money?period=today');
  await page.getByRole('combobox', { name: 'Shop' }).selectOption(SHOP);
  const task = page.getByRole('list', { name: 'Needs attention' }).getByRole('listitem').filter({ hasText: reference });
  await expect(task).toContainText('pay by hand');
  await expect(task).toContainText('MWK 90,000 · TNM Mpamba');
  await task.getByRole('button', { name: 'Record how it was paid' }).click();
  const byHand = page.getByRole('dialog', { name: 'Pay MWK 90,000 by hand' });
  await byHand.getByLabel('How it was paid').selectOption({ label: 'Cash at the shop' });
  const receipt = `RCPT-${Date.now().toString(36)}`;
  await byHand.getByLabel('Receipt number or reference').fill(receipt);
  await checkScreen(page, 'record-dialog', false);
  await byHand.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Recorded as paid in cash')).toBeVisible();
  await expect(task).toHaveCount(0);

  // The cash payout is a ledger entry like any other; an Admin corrects it with a new entry beside it.
  const row = page.getByRole('region', { name: 'Money per shop and day' }).locator('tbody tr');
  await row.getByRole('link', { name: /^MWK 90,000 /i }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Money entries' })).toBeVisible();
  const entry = page.locator('tbody tr').filter({ hasText: receipt });
  await expect(entry).toContainText('MWK 90,000');
  await entry.getByRole('button', { name: /^Correct entry #\d+$/ }).click();
  const correct = page.getByRole('dialog', { name: 'Record a correction' });
  await correct.getByLabel('Money').selectOption('out');
  await correct.getByLabel('Amount (MWK)').fill('500');
  await expect(correct.getByLabel('Shop')).toHaveValue(/\d+/);
  await correct.getByLabel('Reason').fill('Short');
  await correct.getByRole('button', { name: 'Confirm' }).click();
  // Too short a reason is refused under its field; a real one is taken.
  await expect(correct.getByText(/at least 10 characters/i).first()).toBeVisible();
  await correct.getByLabel('Reason').fill('The seller was also given MWK 500 for transport, from the till.');
  await checkScreen(page, 'correction-dialog', false);
  await correct.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Correction recorded')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Money' }).click();
  await expect(page.getByTestId('total-corrections')).toContainText('MWK 500');
  await checkScreen(page, 'money-corrected');

  // Money names the request now: no Delete, Archive instead.
  await page.goto(`/admin/seller-requests/${id}`);
  await expect(
    page.getByText('Money was paid or is being paid for this request, so it cannot be deleted. Archive it instead.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete offer' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(page.getByText('Archived: not in the seller requests list.')).toBeVisible();
  await checkScreen(page, 'request-archived');
});
