import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { login } from './support/admin';
import { runSql } from './support/database';
import { payChanguMode } from './support/paychangu';
import { screenChecks } from './support/screens';
import { codeSentTo, codesSentTo, placeProvedOrder, textsSentTo } from './support/smsbox';
import { staff } from './support/staff-api';

// After the sale (docs/decisions/0099): a buyer asks from the order page, the counter receives the item and ends the
// request with one outcome, and the returned item is back in stock unpublished. Each journey orders an item of its
// own, from its own phone, so none meets another.

const checkScreen = screenChecks('returns');
const stamp = Date.now().toString(36);

type Staff = Awaited<ReturnType<typeof staff>>;

/** A published phone of the seeded Lilongwe shop, in SmartPhones (so it has the default 30-day warranty). */
async function phoneForSale(request: APIRequestContext, desk: Staff, name: string, price: number) {
  const { shops } = (await desk.call('get', '/api/admin/shops?limit=50')) as { shops: { id: number; name: string }[] };
  const { categories } = (await desk.call('get', '/api/admin/categories?limit=50')) as {
    categories: { id: number; name: string }[];
  };
  const created = await request.post('/api/admin/products/create', {
    headers: desk.headers,
    multipart: {
      item_name: name,
      description: 'Dual SIM, charger included',
      price: String(price),
      location: 'Lilongwe',
      category_id: String(categories.find((c) => c.name === 'SmartPhones')!.id),
      shop_id: String(shops.find((s) => s.name.startsWith('Lilongwe'))!.id),
      condition: 'good',
      published: 'true',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/** An order for the item, placed and (for pay-now) paid, then collected with the buyer's code: answers its token. */
async function completedOrder(
  request: APIRequestContext,
  desk: Staff,
  order: { productId: number; price: number; phone: string; payment: 'on_collection' | 'airtel_money' },
) {
  const placed = await placeProvedOrder(request, {
    items: [{ product_id: order.productId, price: order.price }],
    buyer_name: 'Tamanda Banda',
    phone: order.phone,
    fulfilment: 'collect',
    payment: order.payment,
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { token, number } = ((await placed.json()) as { orders: { token: string; number: string }[] }).orders[0]!;
  const view = async () =>
    (await (await request.get(`/api/v1/orders/${token}`)).json()) as {
      collection_code: string | null;
      payment: { status: string };
    };
  if (order.payment !== 'on_collection') {
    await expect.poll(async () => (await view()).payment.status, { timeout: 20_000 }).toBe('paid');
  }
  const { orders } = (await desk.call('get', '/api/admin/orders?limit=100')) as {
    orders: { id: number; number: string }[];
  };
  const id = orders.find((o) => o.number === number)!.id;
  await desk.call('post', `/api/admin/orders/${id}/confirm`, {});
  await desk.call('post', `/api/admin/orders/${id}/ready`, {});
  await desk.call('post', `/api/admin/orders/${id}/complete`, {
    collection_code: (await view()).collection_code,
    ...(order.payment === 'on_collection' ? { payment_method: 'cash' } : {}),
  });
  return token;
}

/** The buyer asks from the order page; the order's phone is proved by the SMS code the form asks for. */
async function askFromOrderPage(page: Page, token: string, phone: string, reason: string) {
  await page.goto(`/order/${token}`);
  const section = page.getByRole('region', { name: 'Return or warranty' });
  await section.getByRole('button', { name: 'Return or warranty' }).click();
  const form = page.getByRole('dialog');
  await form.getByRole('radio', { name: reason }).check();
  await form.getByLabel('Note (optional)').fill('It does not charge since the second day');
  const before = codesSentTo(phone);
  await form.getByRole('button', { name: 'Send request' }).click();
  await form.getByLabel(/^We sent a 6-digit code by SMS/).fill(await codeSentTo(phone, before));
  await form.getByRole('button', { name: 'Send request' }).click();
  const sent = page.getByText(/^Request sent\. Your reference is (R-[A-Z0-9]+)\./);
  await expect(sent).toBeVisible();
  return /(R-[A-Z0-9]+)/.exec((await sent.textContent())!)![1]!;
}

/** Staff open the return from the Returns screen's list, by its reference. */
async function openReturn(page: Page, reference: string) {
  await page.goto('/admin/returns');
  await page.getByRole('link', { name: reference }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(reference);
}

async function step(page: Page, button: string, fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<unknown>) {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: button });
  await fill?.(dialog);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toHaveCount(0);
}

test('a buyer returns a phone paid by Airtel Money: the clerk receives it and refunds the wallet, and it is back in stock', async ({
  page,
  request,
}) => {
  const desk = await staff(request);
  const phone = '0999 556 301';
  await payChanguMode('success', phone);
  const productId = await phoneForSale(request, desk, `Returned Phone ${stamp}`, 120_000);
  const token = await completedOrder(request, desk, { productId, price: 120_000, phone, payment: 'airtel_money' });

  const reference = await askFromOrderPage(page, token, phone, 'Not as described');
  await expect(page.getByText(`Return ${reference}:`)).toContainText('Requested');
  await checkScreen(page, 'asked');
  await expect.poll(() => textsSentTo(phone).some((t) => t.includes(reference))).toBe(true);

  await login(page);
  await page.goto('/admin/returns');
  await expect(page.getByRole('link', { name: reference })).toBeVisible();
  await checkScreen(page, 'list');
  await openReturn(page, reference);
  await checkScreen(page, 'requested');
  await step(page, 'Receive', (dialog) => dialog.getByLabel('Condition grade').selectOption('fair'));
  await expect(page.getByText('Received', { exact: true }).first()).toBeVisible();
  await step(page, 'Refund', (dialog) => dialog.getByLabel('Paid back by').selectOption('original'));
  await expect(page.getByText('Refunded', { exact: true }).first()).toBeVisible();
  await checkScreen(page, 'refunded');

  // Back in stock, unpublished, with the grade found at the counter; the wallet refund settles by itself.
  const product = (await desk.call('get', `/api/admin/products/${productId}`)) as {
    published: boolean;
    sold: boolean;
    condition: string | null;
  };
  expect(product).toMatchObject({ published: false, condition: 'fair' });
  await expect
    .poll(() => textsSentTo(phone).some((t) => t.includes(reference) && /refund/i.test(t)), { timeout: 20_000 })
    .toBe(true);
  await page.goto(`/order/${token}`);
  await expect(page.getByText(`Return ${reference}:`)).toContainText('Refunded');
});

test('a warranty claim is repaired and handed back; Shop staff of another shop cannot see it', async ({
  page,
  request,
}) => {
  const desk = await staff(request);
  const phone = '0999 556 302';
  const productId = await phoneForSale(request, desk, `Repaired Phone ${stamp}`, 95_000);
  const token = await completedOrder(request, desk, { productId, price: 95_000, phone, payment: 'on_collection' });

  // A warranty claim through the API (the page asks a return within the first days), the phone proved by its code.
  const before = codesSentTo(phone);
  expect((await request.post('/api/v1/phone-codes', { data: { phone } })).status()).toBe(202);
  const asked = await request.post(`/api/v1/orders/${token}/returns`, {
    data: {
      product_id: productId,
      kind: 'warranty',
      reason: 'not_working',
      phone_code: await codeSentTo(phone, before),
    },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const { reference, id } = ((await asked.json()) as { return: { reference: string; id: number } }).return;

  // A Shop staff user of another shop gets "not found" for it, and an empty list.
  const { shops } = (await desk.call('get', '/api/admin/shops?limit=50')) as { shops: { id: number; name: string }[] };
  const elsewhere = shops.find((s) => !s.name.startsWith('Lilongwe'))!;
  const email = `returns-staff-${stamp}@example.mw`;
  const password = 'karonga-counter-2026';
  const made = await request.post('/api/admin/users', {
    headers: desk.headers,
    data: {
      first_name: 'Chikondi',
      last_name: 'Mwale',
      display_name: 'Chikondi',
      email,
      password,
      role: 'Shop staff',
      shop_id: elsewhere.id,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const clerk = await request.post('/api/v1/auth/login', { data: { email, password } });
  expect(clerk.status(), await clerk.text()).toBe(200);
  const clerkHeaders = { Authorization: `Bearer ${((await clerk.json()) as { token: string }).token}` };
  expect((await request.get(`/api/admin/returns/${id}`, { headers: clerkHeaders })).status()).toBe(404);
  const theirs = (await (await request.get('/api/admin/returns', { headers: clerkHeaders })).json()) as {
    returns: { reference: string }[];
  };
  expect(theirs.returns.map((r) => r.reference)).not.toContain(reference);

  await login(page);
  await openReturn(page, reference);
  await step(page, 'Receive', (dialog) => dialog.getByLabel('Condition grade').selectOption('good'));
  await step(page, 'Send for repair');
  await step(page, 'Back from repair');
  await expect
    .poll(() => textsSentTo(phone).some((t) => t.includes(reference) && t.includes('ready to collect')))
    .toBe(true);
  await step(page, 'Handed over');
  await expect(page.getByRole('button', { name: 'Handed over' })).toHaveCount(0);
  await expect(page.getByText('Handed over', { exact: true }).first()).toBeVisible();
  await checkScreen(page, 'handed-over');

  await page.goto(`/order/${token}`);
  await expect(page.getByText(`Warranty claim ${reference}:`)).toContainText('Handed back');
});

test("a claim after the warranty is refused: the order page says when it ended and gives the shop's phone", async ({
  page,
  request,
}) => {
  const desk = await staff(request);
  const phone = '0999 556 303';
  const productId = await phoneForSale(request, desk, `Old Phone ${stamp}`, 60_000);
  const token = await completedOrder(request, desk, { productId, price: 60_000, phone, payment: 'on_collection' });
  // Collected 40 days ago: past the 7-day return window and the phone's default 30-day warranty.
  const longAgo = new Date(Date.now() - 40 * 86_400_000);
  await runSql(
    'update orders set completed_at = ? where id = (select order_id from order_items where product_id = ?)',
    [longAgo.toISOString(), productId],
  );
  const ended = new Date(longAgo.getTime() + 30 * 86_400_000);

  await page.goto(`/order/${token}`);
  const section = page.getByRole('region', { name: 'Return or warranty' });
  // The page prints the day in Malawi (UTC+2, no summer time): after 22:00 UTC that is the next day.
  const endedInMalawi = new Date(ended.getTime() + 2 * 3_600_000);
  await expect(section).toContainText(`The warranty ended on ${endedInMalawi.getUTCDate()} `);
  await expect(section.getByRole('link', { name: 'Call the shop on +265 999 123 456' })).toHaveAttribute(
    'href',
    /^tel:/,
  );
  await expect(section.getByRole('button', { name: 'Return or warranty' })).toHaveCount(0);
  await checkScreen(page, 'warranty-ended');

  // Asked anyway (an old page, a hand-made call): refused with the same date, and nothing is stored.
  const before = codesSentTo(phone);
  expect((await request.post('/api/v1/phone-codes', { data: { phone } })).status()).toBe(202);
  const late = await request.post(`/api/v1/orders/${token}/returns`, {
    data: {
      product_id: productId,
      kind: 'warranty',
      reason: 'not_working',
      phone_code: await codeSentTo(phone, before),
    },
  });
  expect(late.status()).toBe(422);
  expect(((await late.json()) as { message: string }).message).toMatch(/^The warranty ended on /);
  const { returns } = (await desk.call('get', '/api/admin/returns?limit=100')) as { returns: { item_name: string }[] };
  expect(returns.map((r) => r.item_name)).not.toContain(`Old Phone ${stamp}`);
});
