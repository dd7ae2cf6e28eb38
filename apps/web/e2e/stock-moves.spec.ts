import { expect, test, type APIRequestContext } from '@playwright/test';
import { login } from './support/admin';
import { screenChecks } from './support/screens';
import { placeProvedOrder } from './support/smsbox';
import { staff, submitSell } from './support/staff-api';

// Moving stock between shops (docs/decisions/0062): staff send an item from Lilongwe to Mzuzu, the storefront
// says "Coming to Mzuzu soon" and refuses to order it, staff mark it received and it can be ordered again.

const checkScreen = screenChecks('stock-moves');

/** A published item in the Lilongwe shop, bought from a seller through the API (those screens have journeys). */
async function itemInLilongwe(request: APIRequestContext, item: string) {
  const admin = await staff(request);
  const id = await admin.idOf(await submitSell(request, item, { description: 'Dual SIM, 64 GB, with charger.' }));
  return admin.stock(id, { shop: 'Lilongwe City Centre Shop', category: 'SmartPhones', offer: 120000, price: 165000 });
}

// As a buyer's browser would: the phone proved by the SMS code, then the order.
const order = (request: APIRequestContext, productId: number, phone: string) =>
  placeProvedOrder(request, {
    buyer_name: 'Chikondi Banda',
    phone,
    email: 'chikondi@example.mw',
    fulfilment: 'collect',
    items: [{ product_id: productId }],
  });

test('staff move an item to Mzuzu; it is coming there soon, not orderable, then received and orderable', async ({
  page,
  request,
}) => {
  const item = `Moving Phone ${Date.now().toString(36)}`;
  const productId = await itemInLilongwe(request, item);

  await login(page);
  await page.goto(`/admin/products/${productId}`);
  const moves = page.getByRole('region', { name: 'Shop moves' });
  await moves.getByLabel('Destination shop').selectOption({ label: 'Mzuzu Shop (Mzuzu)' });
  await moves.getByRole('button', { name: 'Move to another shop' }).click();
  await expect(page.getByText('Item on its way')).toBeVisible();
  await expect(moves.getByText('In transit', { exact: true })).toBeVisible();
  await checkScreen(page, 'product-edit');

  await page.goto(`/product/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name: item })).toBeVisible();
  await expect(
    page.getByText('On its way to our shop in Mzuzu: it can be ordered there once it arrives.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Coming to Mzuzu soon' })).toBeDisabled();
  await checkScreen(page, 'product');
  // The checkout's refusal, like a reserved item: the same conflict answer naming the item.
  const refused = await order(request, productId, '0999 765 001');
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { unavailable: number[] }).unavailable).toEqual([productId]);

  await page.goto(`/admin/products/${productId}`);
  await moves.getByRole('button', { name: 'Mark received' }).click();
  await expect(page.getByText('Item received')).toBeVisible();
  await expect(moves.getByRole('list', { name: 'Move history' })).toContainText('Mzuzu Shop, Received');

  await page.goto(`/product/${productId}`);
  await expect(page.getByTestId('product-location')).toHaveText('Mzuzu');
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/basket$/);
  expect((await order(request, productId, '0999 765 002')).status()).toBe(201);
});
