import { expect, test } from '@playwright/test';
import { login } from './support/admin';
import { money } from './support/catalogue';
import { PHONE, screenChecks } from './support/screens';
import { confirmWithCode, textsSentTo } from './support/smsbox';
import { staff } from './support/staff-api';

// Coach delivery (docs/decisions/0072): a buyer in a town without a shop has the item sent by coach parcel. The buyer
// chooses the town and depot at checkout; staff confirm, send it with the coach and waybill (adding the fare agreed on
// the phone); the buyer gets the waybill by SMS and sees it on the order page; staff complete it with the code.
// The item, its shop and the phone are this journey's own, so journeys running at once never share them.

const checkScreen = screenChecks('coach-delivery', { endAtPhone: true });
const checkStaffScreen = screenChecks('coach-delivery-staff');
const stamp = Date.now().toString(36);
const BUYER_PHONE = '0999 717 171';
const ITEM = `Tecno Camon 20 coach ${stamp}`;

test.use({ viewport: PHONE });

test('checkout with coach delivery: the buyer far from a shop gets the waybill by SMS, staff complete it', async ({
  page,
  request,
}) => {
  const api = await staff(request);
  const { shops } = (await api.call('get', '/api/admin/shops?limit=50')) as { shops: { id: number; name: string }[] };
  const { categories } = (await api.call('get', '/api/admin/categories?limit=50')) as {
    categories: { id: number; name: string }[];
  };
  const created = await request.post('/api/admin/products/create', {
    headers: api.headers,
    multipart: {
      item_name: ITEM,
      description: 'Dual SIM, 256 GB, with charger',
      price: '260000',
      location: 'Lilongwe',
      category_id: String(categories.find((c) => c.name === 'SmartPhones')!.id),
      shop_id: String(shops.find((s) => s.name === 'Lilongwe City Centre Shop')!.id),
      published: 'true',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = (await created.json()) as { id: number };

  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.getByLabel('Your name').fill('Mphatso Mwale');
  await page.getByLabel('Phone').fill(BUYER_PHONE);
  await page.getByRole('radio', { name: /^Send by coach to another town/ }).check();
  const town = page.getByLabel('Your town');
  // The shop's own town is not on the list.
  await expect(town.locator('option', { hasText: 'Lilongwe' })).toHaveCount(0);
  await town.selectOption('Karonga');
  await page.getByLabel('Coach company or depot (optional)').fill('AXA depot, Karonga');
  await checkScreen(page, 'checkout');
  await confirmWithCode(page, BUYER_PHONE);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you! Your order is placed' })).toBeVisible();
  const placed = page.getByTestId('placed-order');
  await expect(placed.getByRole('heading', { name: 'How it reaches you' })).toBeVisible();
  const number = (await placed.getByTestId('order-number').textContent())!.trim();
  const code = (await placed.getByTestId('collection-code').textContent())!.match(/\d{6}/)![0];
  await checkScreen(page, 'placed');
  const orderPage = await placed
    .getByRole('link', { name: /^Keep this link to follow your order/ })
    .getAttribute('href');

  // Staff call, confirm, and send it by coach with the fare the buyer agreed to pay with the order.
  const { orders } = (await api.call('get', `/api/admin/orders?limit=100`)) as {
    orders: { id: number; number: string }[];
  };
  const id = orders.find((o) => o.number === number)!.id;
  const staffPage = await page.context().newPage();
  await staffPage.setViewportSize({ width: 1280, height: 800 });
  await login(staffPage);
  await staffPage.goto(`/admin/orders/${id}`);
  await expect(staffPage.getByTestId('fulfilment')).toHaveText('By coach to Karonga: AXA depot, Karonga');
  await staffPage.getByRole('button', { name: 'Confirm (called the buyer)', exact: true }).click();
  await staffPage.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(staffPage.getByText('Order confirmed.')).toBeVisible();
  await staffPage.getByRole('button', { name: 'Sent by coach', exact: true }).click();
  const send = staffPage.getByRole('dialog', { name: 'Sent by coach' });
  await send.getByLabel('Coach company').fill('AXA Coach');
  await send.getByLabel('Waybill number').fill('AX-40213');
  await send.getByLabel('Coach fare (MWK, optional)').fill('9000');
  await checkStaffScreen(staffPage, 'send-dialog');
  await send.getByRole('button', { name: 'Confirm' }).click();
  await expect(staffPage.getByText('Order sent by coach: the buyer gets the waybill number by SMS.')).toBeVisible();
  await expect(staffPage.getByTestId('order-total')).toHaveText(money(269000));

  // The buyer's SMS names the coach and waybill; the order page says the same.
  await expect
    .poll(
      () => textsSentTo(BUYER_PHONE).some((t) => t.includes(`order ${number} is on the AXA Coach coach to Karonga`)),
      {
        timeout: 20_000,
      },
    )
    .toBe(true);
  expect(textsSentTo(BUYER_PHONE).find((t) => t.includes('AXA Coach'))).toContain('waybill AX-40213');
  await page.goto(orderPage!);
  await expect(page.getByTestId('order-status')).toContainText('Your order is on the coach.');
  await expect(page.getByTestId('waybill')).toHaveText('AX-40213');
  await expect(page.getByTestId('order-total')).toHaveText(money(269000));
  await checkScreen(page, 'order-sent');

  // Collected at the depot: the buyer tells the shop the code, staff complete the order.
  await staffPage.getByRole('button', { name: 'Completed (collected from the coach)', exact: true }).click();
  const complete = staffPage.getByRole('dialog', { name: 'Completed (collected from the coach)' });
  await complete.getByLabel("Buyer's collection code").fill(code);
  await complete.getByLabel('Payment method').selectOption('airtel_money');
  await complete.getByRole('button', { name: 'Confirm' }).click();
  await expect(staffPage.getByText('Order completed.')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('order-status')).toContainText('Collected and paid.');
});
