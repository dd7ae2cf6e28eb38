import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, login } from './support/admin';
import { screenChecks } from './support/screens';
import { staff } from './support/staff-api';

// docs/decisions/0055: /sell shows what shops paid for a model once 3 sellers accepted offers for it, and staff's
// amount dialogs open empty with the estimates beside them. Requests are made by staff (walk-in sellers), so the
// public submission limit per address stays for the other journeys.

const checkScreen = screenChecks('estimates');

/** A walk-in seller's request through the back-office API; its id. */
async function walkIn(request: APIRequestContext, item: string, condition: string) {
  const login = await request.post('/api/v1/auth/login', { data: ADMIN });
  const { token } = (await login.json()) as { token: string };
  const created = await request.post('/api/admin/seller-requests', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      item_name: item,
      description: 'Dual SIM, 128GB, small scratch on the back.',
      price: '160000',
      seller_name: 'Thoko Phiri',
      phone: '0999 555 222',
      email: 'thoko@example.mw',
      location: 'Lilongwe',
      notify_on_offer: 'false',
      terms_accepted: 'true',
      condition,
      category: 'SmartPhones',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

test('a seller sees what shops pay for a model; staff dialogs open empty with the estimates', async ({
  page,
  request,
}) => {
  const admin = await staff(request);
  const model = `Galaxy A54 ${Date.now().toString(36).replace(/\d/g, '')}`;
  for (const amount of [121_000, 133_000, 148_000]) {
    const id = await walkIn(request, `Samsung ${model} 5G`, 'good');
    await admin.call('post', `/api/admin/seller-requests/${id}/approved`);
    await admin.call('post', `/api/admin/seller-requests/${id}/offer`, { price: amount });
    await admin.call('post', `/api/admin/seller-requests/${id}/seller-accepted`, { note: 'Accepted at the counter' });
  }

  await page.goto('/sell');
  await page.getByLabel('Item name').fill(`Samsung ${model}`);
  await page.getByRole('radio', { name: 'Good', exact: true }).check();
  // A range compares items of one category: none is shown before the seller chooses it.
  await expect(page.getByTestId('price-estimate')).toHaveCount(0);
  await page.getByLabel('Category').selectOption({ label: 'SmartPhones' });
  await expect(page.getByTestId('price-estimate')).toHaveText(
    `Shops usually pay MWK 120,000 - 150,000 for a Samsung ${model} in good condition`,
  );
  await checkScreen(page, 'sell');
  await page.getByRole('radio', { name: 'For parts', exact: true }).check();
  await expect(page.getByTestId('price-estimate')).toHaveText("We'll make you an offer within one working day");

  const id = await walkIn(request, `Samsung ${model}`, 'good');
  await admin.call('post', `/api/admin/seller-requests/${id}/approved`);
  await login(page);
  await page.goto(`/admin/seller-requests/${id}`);
  const item = page.getByRole('region', { name: 'Item' });
  await expect(item).toContainText('SmartPhones');
  await expect(item).toContainText('Sellers were paid: MWK 120,000 - 150,000 (3 accepted offers)');

  await page.getByRole('button', { name: 'Make Offer', exact: true }).click();
  const offer = page.getByRole('dialog', { name: 'Make Offer' });
  await expect(offer.getByLabel('Offer amount (MWK)')).toHaveValue('');
  await expect(offer).toContainText('Asking price: MWK 160,000');
  await expect(offer).toContainText('Sellers were paid: MWK 120,000 - 150,000 (3 accepted offers)');
  await checkScreen(page, 'offer-dialog', false);
  await offer.getByLabel('Offer amount (MWK)').fill('130000');
  await offer.getByRole('button', { name: 'Confirm' }).click();
  await expect(offer).toHaveCount(0);

  await page.getByRole('button', { name: 'Seller accepted', exact: true }).click();
  const accepted = page.getByRole('dialog', { name: 'Seller accepted' });
  await accepted.getByLabel('Note').fill('Accepted by phone, 10:30');
  await accepted.getByRole('button', { name: 'Confirm' }).click();
  await expect(accepted).toHaveCount(0);

  await page.getByRole('button', { name: 'Add to Inventory', exact: true }).click();
  const inventory = page.getByRole('dialog', { name: 'Add to Inventory' });
  await expect(inventory.getByLabel('Shop')).toBeEnabled();
  await expect(inventory.getByLabel('Selling price (MWK)')).toHaveValue('');
  await expect(inventory).toContainText('Buying price: MWK 130,000');
  await expect(inventory).toContainText('Buyers paid: No estimate');
  await inventory.getByLabel('Shop').selectOption({ label: 'Mzuzu Shop' });
  // The seller's category, chosen already.
  await expect(inventory.getByLabel('Category').locator('option:checked')).toHaveText('SmartPhones');
  await inventory.getByLabel('Selling price (MWK)').fill('125000');
  await expect(inventory.getByRole('alert')).toHaveText(
    'This selling price is not above the buying price of MWK 130,000: the shop would lose money.',
  );
  await checkScreen(page, 'inventory-dialog', false);
  await inventory.getByLabel('Selling price (MWK)').fill('175000');
  await expect(inventory.getByRole('alert')).toHaveCount(0);
  await inventory.getByRole('button', { name: 'Confirm' }).click();
  await expect(inventory).toHaveCount(0);

  const history = page.getByRole('region', { name: 'Status history' });
  await expect(history).toContainText(/Offer of MWK 130,000 sent to the seller by .+, \d{1,2} \w{3} \d\d:\d\d/);
  await expect(history).toContainText('Added to the inventory by');
  await checkScreen(page, 'history');
});
