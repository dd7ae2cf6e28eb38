import { expect, test } from '@playwright/test';
import { login } from './support/admin';
import { photo } from './support/photos';
import { screenChecks } from './support/screens';
import { staff } from './support/staff-api';

// Paying the seller (docs/decisions/0053): once the item is in stock an Admin pays the buying price on the request,
// and the seller's own page says when and how. The journey server's gateway is the fake PayChangu run.mjs starts, in
// its default mode: the payout goes to the seller's Airtel Money and the poller (every second) finds it paid. (TNM
// Mpamba payouts are paid by hand on that gateway, as PayChangu documents: money-by-hand.spec.ts.)

const checkScreen = screenChecks('seller-payout');

test("staff pay a seller and the seller's page shows it", async ({ page, request }) => {
  const item = `Payout Laptop ${Date.now().toString(36)}`;
  const submitted = await request.post('/api/v1/sells', {
    multipart: {
      item_name: item,
      description: 'Core i5, 8 GB, charger included.',
      price: '150000',
      seller_name: 'Tiwonge Mwale',
      phone: '0999 123 456',
      email: 'tiwonge@example.mw',
      location: 'Lilongwe',
      notify_on_offer: 'true',
      terms_accepted: 'true',
      create_seller_account: 'false',
      images: await photo('laptop.png', '#0f766e'),
    },
  });
  expect(submitted.status()).toBe(201);
  const { reference, status_token } = (await submitted.json()) as { reference: string; status_token: string };

  // Offered, accepted and put in the Lilongwe shop's stock through the API: the screens of those steps have journeys.
  const admin = await staff(request);
  const id = await admin.idOf(reference);
  await admin.call('post', `/api/admin/seller-requests/${id}/approved`);
  await admin.call('post', `/api/admin/seller-requests/${id}/offer`, { price: 130000, reason: '' });
  await admin.call('post', `/api/admin/seller-requests/${id}/seller-accepted`, { note: 'Accepted at the counter' });
  const { shops } = (await admin.call('get', '/api/admin/shops?limit=50')) as { shops: { id: number; name: string }[] };
  const { categories } = (await admin.call('get', '/api/admin/categories?limit=50')) as {
    categories: { id: number; name: string }[];
  };
  await admin.call('post', `/api/admin/seller-requests/${id}/add-to-inventory`, {
    shop_id: shops.find((s) => s.name === 'Lilongwe City Centre Shop')!.id,
    category_id: categories.find((c) => c.name === 'Other')!.id,
    price: 160000,
  });

  // Before payment the seller reads how and when they will be paid.
  await page.goto(`/sell/status/${status_token}`);
  const paid = page.getByRole('region', { name: 'Getting paid' });
  await expect(paid).toContainText('we pay you the agreed price by Airtel Money or TNM Mpamba');

  await login(page);
  await page.goto(`/admin/seller-requests/${id}`);
  const panel = page.getByRole('region', { name: 'Pay the seller MWK 130,000' });
  await expect(panel.getByTestId('payout-state')).toHaveText('Not paid yet.');
  await checkScreen(page, 'admin-not-paid');
  await panel.getByRole('button', { name: 'Pay the seller' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pay the seller MWK 130,000' });
  await expect(dialog.getByLabel('How')).toHaveValue('airtel_money');
  await checkScreen(page, 'admin-dialog', false);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toHaveCount(0);
  // Sent; paid once the gateway confirms it (the poller asks every second): the screen shows it on reload.
  await expect(async () => {
    await page.reload();
    await expect(panel.getByTestId('payout-state')).toContainText('MWK 130,000 paid by Airtel Money on', {
      timeout: 1_000,
    });
  }).toPass({ timeout: 20_000 });
  await expect(panel.getByRole('button')).toHaveCount(0);
  await checkScreen(page, 'admin-paid');

  await page.goto(`/sell/status/${status_token}`);
  await expect(paid.getByTestId('seller-payment')).toHaveText(
    /^Paid MWK 130,000 on \d{1,2} [A-Z][a-z]{2} by Airtel Money \(ref \d+\)$/,
  );
  await checkScreen(page, 'status-paid');
});
