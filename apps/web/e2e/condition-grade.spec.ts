import { expect, test } from '@playwright/test';
import { login } from './support/admin';
import { waitForGrids } from './support/catalogue';
import { PHONE, screenChecks } from './support/screens';
import { staff } from './support/staff-api';

// Condition grades (docs/decisions/0029), on a phone: a seller grades the item on /sell (the form insists on a grade),
// staff correct the grade on the request once they have seen the item, the item is bought and added to a shop, and
// buyers read the grade on the card and, with its definition, on the product page.

test.use({ viewport: PHONE });
const checkScreen = screenChecks('condition', { endAtPhone: true });

test('a graded item, from the sell form to the product page', async ({ page, request }) => {
  const item = `Graded Phone ${Date.now().toString(36)}`;
  await page.goto('/sell');
  const grades = page.getByRole('radiogroup', { name: "Your item's condition" });
  await expect(grades.getByRole('radio')).toHaveCount(4);
  await expect(grades).toContainText('Light signs of use such as small scratches; everything works.');
  await expect(grades).toContainText('Does not fully work; for repair or spare parts.');

  await page.getByLabel('Item name').fill(item);
  await page.getByLabel('Description').fill('Dual SIM, 64GB. Small scratch on the back.');
  await page.getByLabel('Price or value (MWK)').fill('150000');
  await page.getByLabel('Your name').fill('Limbani Mwale');
  await page.getByLabel('Phone number').fill('0999 321 654');
  await page.getByLabel('Email address').fill('limbani@example.mw');
  await page.getByLabel('Location').fill('Lilongwe, Area 25');
  await page.getByRole('button', { name: 'Submit item' }).click();
  await expect(page.getByText("Choose the item's condition")).toBeVisible();
  await expect(page).toHaveURL(/\/sell$/);

  await grades.getByRole('radio', { name: 'Like new', exact: true }).check();
  await expect(page.getByText("Choose the item's condition")).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Preview' })).toContainText('Like new');
  await checkScreen(page, 'sell-form');
  await page.getByRole('button', { name: 'Submit item' }).click();
  await expect(page).toHaveURL(/\/sell\/success$/);
  const reference = (await page.getByTestId('sell-reference').textContent()) ?? '';

  // Staff see the seller's grade and correct it once the item is in hand.
  const admin = await staff(request);
  const id = await admin.idOf(reference);
  await login(page);
  await page.goto(`/admin/seller-requests/${id}`);
  const condition = page.getByRole('form', { name: 'Condition' });
  await expect(condition.getByRole('radio', { name: 'Like new', exact: true })).toBeChecked();
  await condition.getByRole('radio', { name: 'Good', exact: true }).check();
  await condition.getByRole('button', { name: 'Save condition' }).click();
  await expect(page.getByText('Condition saved')).toBeVisible();
  await checkScreen(page, 'request');

  // Bought and added to a shop: the product carries the corrected grade.
  const productId = await admin.stock(id, {
    shop: 'Lilongwe City Centre Shop',
    category: 'SmartPhones',
    offer: 130000,
    price: 175000,
  });

  // A buyer reads the grade on the card, then its definition on the product page.
  await page.goto('/discover?category=SmartPhones');
  await waitForGrids(page);
  const card = page.getByRole('article').filter({ hasText: item });
  await expect(card.getByTestId('condition-label')).toHaveText('Condition: Good');
  await card.getByRole('link', { name: item, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${productId}$`));
  const stated = page.getByTestId('item-condition');
  await expect(stated).toContainText('Condition');
  await expect(stated).toContainText('Good');
  await expect(stated).toContainText('Light signs of use such as small scratches; everything works.');
  await checkScreen(page, 'product');
});

test('a seeded phone shows its grade, shop warranty and battery health', async ({ page, request }) => {
  const response = await request.get('/api/v1/products?limit=100');
  const { products } = (await response.json()) as {
    products: { id: number; name: string; warranty_days: number | null; battery_health: number | null }[];
  };
  const phone = products.find((p) => p.name === 'Samsung Galaxy A54 5G 128GB')!;
  expect(phone).toMatchObject({ warranty_days: 90, battery_health: 91 });
  await page.goto(`/product/${phone.id}`);
  const stated = page.getByTestId('item-condition');
  await expect(stated).toContainText('Like new');
  await expect(stated).toContainText('No marks or wear; works perfectly, like it just came out of the box.');
  await expect(stated).toContainText('3-month shop warranty');
  await expect(stated).toContainText('Battery health');
  await expect(stated).toContainText('91%');
  await checkScreen(page, 'seeded-product');
});
