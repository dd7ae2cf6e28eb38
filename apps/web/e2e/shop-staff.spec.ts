import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, login, sidebar } from './support/admin';
import { screenChecks } from './support/screens';
import { placeProvedOrder } from './support/smsbox';

// Shop staff (docs/decisions/0061): an Admin makes a user for one shop; that user sees only the shop's orders,
// completes a collection with the buyer's code, and another shop's order is "not found" to them.

const checkScreen = screenChecks('shop-staff');
const stamp = Date.now().toString(36);

/** The seeded Admin's calls, answering the JSON of a call that must succeed. */
async function admin(request: APIRequestContext) {
  const login = await request.post('/api/v1/auth/login', { data: ADMIN });
  expect(login.status()).toBe(200);
  const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  return {
    headers,
    async post(path: string, data: object) {
      const res = await request.post(path, { headers, data });
      expect(res.status(), `POST ${path}: ${await res.text()}`).toBeLessThan(300);
      return (await res.json()) as Record<string, unknown>;
    },
    async get(path: string) {
      const res = await request.get(path, { headers });
      expect(res.status(), `GET ${path}`).toBe(200);
      return (await res.json()) as Record<string, unknown>;
    },
  };
}

test("Shop staff see only their shop's orders, complete a collection with the code, and not another shop's", async ({
  page,
  request,
}) => {
  const api = await admin(request);
  const { categories } = (await api.get('/api/admin/categories?limit=100')) as {
    categories: { id: number; name: string }[];
  };
  const category = categories.find((c) => c.name === 'Other') ?? categories[0]!;
  // Two shops of this run's own, each with an item: no other journey touches them.
  const shop = async (town: string) =>
    (await api.post('/api/admin/shops', {
      name: `${town} Staff Shop ${stamp}`,
      address: 'Plot 12, Area 3',
      town,
      hours: 'Mon-Sat 08:00-17:00',
    })) as { id: number; name: string };
  const own = await shop('Zomba');
  const other = await shop('Karonga');
  async function orderIn(shopId: number, buyer: string, phone: string) {
    const created = await request.post('/api/admin/products/create', {
      headers: api.headers,
      multipart: {
        item_name: `Radio ${buyer} ${stamp}`,
        description: 'Works on batteries and mains',
        price: '45000',
        location: 'Zomba',
        category_id: String(category.id),
        shop_id: String(shopId),
        published: 'true',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const product = (await created.json()) as { id: number; price: number };
    const placed = await placeProvedOrder(request, {
      items: [{ product_id: product.id, price: 45000 }],
      buyer_name: buyer,
      phone,
      fulfilment: 'collect',
    });
    expect(placed.status(), await placed.text()).toBe(201);
    return ((await placed.json()) as { orders: { number: string; collection_code: string }[] }).orders[0]!;
  }
  const mine = await orderIn(own.id, 'Chisomo Tembo', '+265 991 555 101');
  const theirs = await orderIn(other.id, 'Yamikani Gondwe', '+265 991 555 202');
  const { orders } = (await api.get(`/api/admin/orders?shop_id=${other.id}&limit=100`)) as {
    orders: { id: number; number: string }[];
  };
  const theirsId = orders.find((o) => o.number === theirs.number)!.id;

  // The Admin makes the user for the one shop.
  const email = `staff.${stamp}@marketplace.mw`;
  const password = 'zomba-counter-2026';
  await api.post('/api/admin/users', {
    first_name: 'Tadala',
    last_name: 'Phiri',
    display_name: 'Tadala',
    email,
    password,
    role: 'Shop staff',
    shop_id: own.id,
  });

  await login(page, { email, password });
  await expect(page.getByRole('heading', { name: 'Welcome, Tadala' })).toBeVisible();
  const nav = sidebar(page).first();
  await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Shops' })).toHaveCount(0);
  await checkScreen(page, 'dashboard');

  await nav.getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.locator('tbody tr').filter({ hasText: mine.number })).toBeVisible();
  await expect(page.locator('tbody tr').filter({ hasText: theirs.number })).toHaveCount(0);
  // The shop picker is fixed to their shop; their shop had one order: the list holds nothing else.
  await expect(page.getByLabel('Shop')).toBeDisabled();
  await expect(page.getByLabel('Shop')).toHaveValue(String(own.id));
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await checkScreen(page, 'orders');

  await page.getByRole('link', { name: `View order ${mine.number}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${mine.number}` })).toBeVisible();
  for (const [button, toast] of [
    ['Confirm (called the buyer)', 'Order confirmed.'],
    ['Ready for collection', 'Order marked ready for collection.'],
  ] as const) {
    await page.getByRole('button', { name: button, exact: true }).click();
    await page.getByRole('dialog', { name: button }).getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText(toast)).toBeVisible();
  }
  await page.getByRole('button', { name: 'Completed (collected)', exact: true }).click();
  const complete = page.getByRole('dialog', { name: 'Completed (collected)' });
  await complete.getByLabel("Buyer's collection code").fill(mine.collection_code);
  await complete.getByLabel('Payment method').selectOption('cash');
  await complete.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Order completed.')).toBeVisible();
  await expect(page.getByText('Completed: the items are sold.')).toBeVisible();

  // Another shop's order, asked for by its address: not found, as if it did not exist.
  await page.goto(`/admin/orders/${theirsId}`);
  await expect(page.getByText('Order not found.')).toBeVisible();
  await checkScreen(page, 'other-shop-order');
});
