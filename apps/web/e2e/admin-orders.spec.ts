import { expect, test, type Page } from '@playwright/test';
import { login, sidebar } from './support/admin';
import { expectNoSeriousA11yViolations } from './support/axe';
import { listProducts, money } from './support/catalogue';
import { screenChecks } from './support/screens';
import { placeProvedOrder } from './support/smsbox';

// Orders, the staff side (docs/product.md#orders): an order placed by a buyer is taken from Placed to Completed in the
// back-office; the item is then sold (its page says so: docs/decisions/0066) and the dashboard counts the order and
// its revenue.
// admin-money.spec.ts completes an order too, maybe at the same time: this week's revenue is at least this total.

const checkScreen = screenChecks('admin-order');

/** Opens the action's modal, confirms it and waits for the success toast. */
async function act(
  page: Page,
  button: string,
  toast: string,
  fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>,
) {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: button });
  if (fill) await fill(dialog);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(toast)).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

test('staff take an order from Placed to Completed; the item is sold and the dashboard counts it', async ({
  page,
  request,
}) => {
  const item = (await listProducts(request)).find((p) => p.name === 'LG 2.1 Soundbar SN4');
  if (!item) throw new Error('seeded soundbar is missing');
  const placed = await placeProvedOrder(request, {
    items: [{ product_id: item.id, price: item.price }],
    buyer_name: 'Grace Mwale',
    phone: '+265 991 222 333',
    fulfilment: 'collect',
  });
  expect(placed.status()).toBe(201);
  const { number, collection_code: code } = (
    (await placed.json()) as { orders: { number: string; collection_code: string }[] }
  ).orders[0]!;

  await login(page);
  await expect(page.getByTestId('stat-orders')).toHaveText(/^\d[\d,]*$/);
  const ordersBefore = Number((await page.getByTestId('stat-orders').textContent())!.replace(/\D/g, ''));
  expect(ordersBefore).toBeGreaterThanOrEqual(1);

  await sidebar(page).getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await page.getByLabel('Status').selectOption('Placed');
  await expect(page).toHaveURL(/status=Placed/);
  const row = page.locator('tbody tr').filter({ hasText: number });
  await expect(row).toContainText('Grace Mwale');
  await expect(row).toContainText(money(item.price));
  await checkScreen(page, 'list');

  await row.getByRole('link', { name: `View order ${number}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
  await expect(page.getByText('New order: call the buyer to confirm it.')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Call Grace Mwale/ })).toHaveAttribute('href', 'tel:+265991222333');
  await expect(page.getByRole('button', { name: 'Completed (collected)' })).toBeDisabled();
  await checkScreen(page, 'detail-placed');

  await act(page, 'Confirm (called the buyer)', 'Order confirmed.');
  await act(page, 'Ready for collection', 'Order marked ready for collection.');
  await expect(page.getByText('Waiting for the buyer to collect and pay at the shop.')).toBeVisible();
  await page.getByRole('button', { name: 'Completed (collected)', exact: true }).click();
  const complete = page.getByRole('dialog', { name: 'Completed (collected)' });
  await complete.getByRole('button', { name: 'Confirm' }).click();
  await expect(complete.getByText('Choose how the buyer paid')).toBeVisible();
  await expect(complete.getByText("Enter the buyer's collection code")).toBeVisible();
  // The code the buyer was sent (decision 0059): a wrong one is refused and counted.
  await complete.getByLabel("Buyer's collection code").fill(code === '000000' ? '111111' : '000000');
  await complete.getByLabel('Payment method').selectOption('airtel_money');
  await complete.getByRole('button', { name: 'Confirm' }).click();
  await expect(complete.getByText('That is not the collection code the buyer was sent').first()).toBeVisible();
  await complete.getByLabel("Buyer's collection code").fill(code);
  await complete.getByLabel('Payment reference (optional)').fill('AM240302.1234.A56789');
  await expectNoSeriousA11yViolations(page, 'complete dialog');
  await complete.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Order completed.')).toBeVisible();
  await expect(page.getByText('Completed: the items are sold.')).toBeVisible();
  await expect(page.getByText('AM240302.1234.A56789')).toBeVisible();
  for (const name of ['Confirm (called the buyer)', 'Ready for collection', 'Completed (collected)', 'Cancel order']) {
    await expect(page.getByRole('button', { name, exact: true })).toBeDisabled();
  }
  await checkScreen(page, 'detail-completed');

  // Sold: its page stays and says so (sold-page.spec.ts looks at it closely), and it is still in the back-office.
  expect(((await (await request.get(`/api/v1/products/${item.id}`)).json()) as { sold: boolean }).sold).toBe(true);
  const storefront = await page.context().newPage();
  await storefront.goto(`/product/${item.id}`);
  await expect(storefront.getByText('This item has been sold.')).toBeVisible();
  await storefront.close();
  await page.goto(`/admin/products/${item.id}`);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(item.name);

  await sidebar(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByTestId('stat-revenueThisWeek')).toHaveText(/^MWK [\d,]+$/);
  expect(
    Number((await page.getByTestId('stat-revenueThisWeek').textContent())!.replace(/\D/g, '')),
  ).toBeGreaterThanOrEqual(item.price);
  expect(Number((await page.getByTestId('stat-orders').textContent())!.replace(/\D/g, ''))).toBeGreaterThanOrEqual(
    ordersBefore,
  );
  await expect(page.getByText(`Order ${number} completed`, { exact: false })).toBeVisible();
  await checkScreen(page, 'dashboard');
});
