import { expect, test, type APIRequestContext } from '@playwright/test';
import { login, logout, sidebar } from './support/admin';
import { screenChecks } from './support/screens';
import { placeProvedOrder, textsSentTo } from './support/smsbox';
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

test("a buyer in Mzuzu asks for a Lilongwe item; Lilongwe's staff send it, Mzuzu's staff receive it", async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const item = `Wanted Phone ${stamp}`;
  const productId = await itemInLilongwe(request, item);
  const phone = '0999 765 101';

  // The buyer, on the product page: the shops come from the public list, the answer is one fixed sentence.
  await page.goto(`/product/${productId}`);
  await page.getByRole('button', { name: 'Not in Lilongwe? Ask for it at your shop' }).click();
  const ask = page.getByRole('dialog', { name: 'Bring it to my town' });
  await ask.getByLabel('Shop nearest you').selectOption({ label: 'Mzuzu Shop, Mzuzu' });
  await ask.getByLabel('Your name').fill('Thoko Mhango');
  await ask.getByLabel('Phone number').fill(phone);
  await checkScreen(page, 'ask-transfer');
  await ask.getByRole('button', { name: 'Send request' }).click();
  await expect(
    page.getByText('Thank you. The shop will answer by SMS whether it can bring the item to the shop you chose.'),
  ).toBeVisible();

  // A Shop staff user for each end, made by the Admin.
  const admin = await staff(request);
  const { shops } = (await admin.call('get', '/api/admin/shops?limit=50')) as { shops: { id: number; name: string }[] };
  const password = 'counter-moves-2026';
  const user = async (name: string, shop: string) => {
    const email = `${name.toLowerCase()}.${stamp}@marketplace.mw`;
    const made = await request.post('/api/admin/users', {
      headers: admin.headers,
      data: {
        first_name: name,
        last_name: 'Banda',
        display_name: name,
        email,
        password,
        role: 'Shop staff',
        shop_id: shops.find((s) => s.name === shop)!.id,
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    return { email, password };
  };
  const sender = await user('Lilongwe', 'Lilongwe City Centre Shop');
  const receiver = await user('Mzuzu', 'Mzuzu Shop');

  // Lilongwe's staff answer the request for their item: accepting starts the move, the buyer hears by SMS.
  await login(page, sender);
  await sidebar(page).first().getByRole('link', { name: 'Transfers' }).click();
  await page.getByRole('button', { name: `Accept ${item} to Mzuzu` }).click();
  await page.getByRole('alertdialog', { name: 'Accept the transfer' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Accepted: the item is on its way')).toBeVisible();
  const onTheWay = page.getByRole('region', { name: 'Items on their way' });
  await expect(onTheWay.getByRole('link', { name: item })).toBeVisible();
  // Only the destination says it arrived.
  await expect(onTheWay.getByRole('button', { name: `Mark received: ${item}` })).toHaveCount(0);
  await checkScreen(page, 'transfers-sender');
  await expect
    .poll(() => textsSentTo(phone).some((t) => t.includes(`${item} is on its way to Mzuzu Shop, Mzuzu`)), {
      timeout: 20_000,
    })
    .toBe(true);
  await logout(page);

  await login(page, receiver);
  await page.goto('/admin/transfers');
  await onTheWay.getByRole('button', { name: `Mark received: ${item}` }).click();
  await expect(page.getByText('Item received')).toBeVisible();
  await expect(onTheWay.getByRole('link', { name: item })).toHaveCount(0);
  await checkScreen(page, 'transfers-receiver');

  await page.goto(`/product/${productId}`);
  await expect(page.getByTestId('product-location')).toHaveText('Mzuzu');
});
