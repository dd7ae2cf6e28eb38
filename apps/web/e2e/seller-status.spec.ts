import { expect, test } from '@playwright/test';
import { photo } from './support/photos';
import { screenChecks } from './support/screens';
import { staff } from './support/staff-api';

// The seller-request flow as the seller sees it, on the built server: the reference and private link after submitting,
// the status page through review, an offer the seller accepts (then staff buy the item and it is for sale
// in the shop's town), and a counter-offer the seller declines with a reason. Staff act through the API.

const checkScreen = screenChecks('seller-status');

test.describe.configure({ mode: 'parallel' });

test('a seller submits, follows the private link, accepts our offer; staff buy it and it is for sale in the shop town', async ({
  page,
  request,
}) => {
  const item = `Status Phone ${Date.now().toString(36)}`;
  await page.goto('/sell');
  await page
    .getByLabel('Photos of your item')
    .setInputFiles([await photo('front.png', '#0f766e'), await photo('back.png', '#b45309')]);
  await expect(page.getByRole('list', { name: 'Selected images' }).getByRole('img')).toHaveCount(2);
  await page.getByLabel('Item name').fill(item);
  await page.getByLabel('Description').fill('Dual SIM, 128GB, battery health 90%. Charger and case included.');
  await page.getByLabel('Price or value (MWK)').fill('250000');
  await page.getByRole('radio', { name: 'Like new', exact: true }).check();
  await page.getByLabel('Your name').fill('Chikondi Banda');
  await page.getByLabel('Phone number').fill('+265 999 123 456');
  await page.getByLabel('Email address').fill('chikondi.banda@example.mw');
  await page.getByLabel('Location').fill('Lilongwe, Area 47');
  await page.getByRole('button', { name: 'Submit item' }).click();

  // /sell/success: its four texts, the reference to read out, and the private link in full.
  await expect(page).toHaveURL(/\/sell\/success$/);
  const main = page.getByRole('main');
  await expect(page.getByRole('heading', { level: 1, name: 'Item successfully submitted!' })).toBeVisible();
  await expect(main.getByText("You'll be contacted with an offer.")).toBeVisible();
  await expect(main.getByRole('link', { name: 'Contact us' })).toBeVisible();
  const reference = (await page.getByTestId('sell-reference').textContent()) ?? '';
  expect(reference).toMatch(/^S-[2-9A-Z]{5}$/);
  const follow = main.getByRole('link', { name: 'Keep this link to follow your item' });
  const path = (await follow.getAttribute('href')) ?? '';
  expect(path).toMatch(/^\/sell\/status\/[\w-]{32}$/);
  await expect(main.getByLabel("Your item's private link")).toHaveValue(new RegExp(`^http://[^/]+${path}$`));
  await checkScreen(page, 'success');
  // A reload keeps them (sessionStorage).
  await page.reload();
  await expect(page.getByTestId('sell-reference')).toHaveText(reference);

  await follow.click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(item);
  await expect(page.getByTestId('seller-reference')).toHaveText(reference);
  await expect(page.getByTestId('seller-status')).toContainText('We received your item and will review it shortly.');
  await expect(page.getByRole('list', { name: 'Photos' }).getByRole('img')).toHaveCount(2);
  await expect(page.getByTestId('asking-price')).toHaveText('MWK 250,000');
  await expect(page).toHaveTitle(new RegExp(`Your item ${reference}`));
  await checkScreen(page, 'pending');

  const admin = await staff(request);
  const id = await admin.idOf(reference);
  await admin.call('post', `/api/admin/seller-requests/${id}/approved`);
  await admin.call('post', `/api/admin/seller-requests/${id}/offer`, {
    price: 230000,
    reason: 'Small scratch on the back',
  });

  await page.reload();
  const offer = page.getByRole('region', { name: 'We offer MWK 230,000' });
  await expect(offer).toContainText('Why: Small scratch on the back');
  await expect(offer).toContainText('Please answer by');
  await checkScreen(page, 'offer');

  await offer.getByRole('button', { name: 'Accept offer' }).click();
  const confirm = page.getByRole('dialog', { name: 'Accept MWK 230,000?' });
  await expect(confirm).toContainText(`You agree to sell ${item} to us for MWK 230,000.`);
  await checkScreen(page, 'accept-dialog', false);
  await confirm.getByRole('button', { name: 'Yes, accept' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByTestId('seller-status')).toContainText('Thank you: you accepted our offer of MWK 230,000.');
  await expect(page.getByTestId('seller-status')).toBeFocused();
  await expect(page.getByTestId('seller-status')).toContainText(
    'You accepted our offer. We will contact you to collect the item and pay you.',
  );
  await expect(page.getByRole('list', { name: 'Offer history' })).toContainText('Accepted on');
  await expect(offer).toHaveCount(0);
  await checkScreen(page, 'accepted');

  // Staff buy it at the accepted offer and sell it from the Mzuzu shop for more.
  const { shops } = (await admin.call('get', '/api/admin/shops?limit=50')) as { shops: { id: number; name: string }[] };
  const { categories } = (await admin.call('get', '/api/admin/categories?limit=50')) as {
    categories: { id: number; name: string }[];
  };
  const shop = shops.find((s) => s.name === 'Mzuzu Shop')!;
  const category = categories.find((c) => c.name === 'Other')!;
  await admin.call('post', `/api/admin/seller-requests/${id}/add-to-inventory`, {
    shop_id: shop.id,
    category_id: category.id,
    price: 260000,
  });

  await page.reload();
  await expect(page.getByTestId('seller-status')).toContainText('We bought your item. Thank you for selling with us!');

  await page.goto('/discover?category=Other');
  await page.getByRole('link', { name: item }).click();
  await expect(page.getByRole('heading', { level: 1, name: item })).toBeVisible();
  await expect(page.getByTestId('product-location')).toHaveText('Mzuzu');
  await expect(page.getByTestId('product-price')).toHaveText('MWK 260,000');
});

test('a seller declines a counter-offer with a reason; a wrong link finds nothing', async ({ page, request }) => {
  const item = `Status Console ${Date.now().toString(36)}`;
  const submitted = await request.post('/api/v1/sells', {
    multipart: {
      item_name: item,
      description: 'Two controllers, 1TB.',
      price: '450000',
      seller_name: 'Mphatso Kalua',
      phone: '0999 555 111',
      email: 'mphatso@example.mw',
      location: 'Blantyre',
      notify_on_offer: 'true',
      terms_accepted: 'true',
      create_seller_account: 'false',
      images: await photo('console.png', '#7c3aed'),
    },
  });
  expect(submitted.status()).toBe(201);
  const { reference, status_token } = (await submitted.json()) as { reference: string; status_token: string };

  const admin = await staff(request);
  const id = await admin.idOf(reference);
  await admin.call('post', `/api/admin/counter-offer/${id}`, {
    counter_price: 400000,
    reason: 'Market price is lower',
  });

  await page.goto(`/sell/status/${status_token}`);
  const offer = page.getByRole('region', { name: 'We offer MWK 400,000' });
  await expect(offer).toContainText('Counter-offer');
  await expect(offer).toContainText('Why: Market price is lower');
  await expect(page.getByTestId('seller-status')).toContainText(
    'We made you a counter-offer. Accept it or decline it below.',
  );

  await offer.getByRole('button', { name: 'Decline' }).click();
  const dialog = page.getByRole('dialog', { name: 'Decline our offer of MWK 400,000?' });
  await dialog.getByLabel('Reason (optional)').fill('I would take MWK 430,000');
  await checkScreen(page, 'decline-dialog', false);
  // Keyboard: Escape closes it and keeps the reason for next time.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await offer.getByRole('button', { name: 'Decline' }).click();
  await expect(dialog.getByLabel('Reason (optional)')).toHaveValue('I would take MWK 430,000');
  await dialog.getByRole('button', { name: 'Decline offer' }).click();
  await expect(dialog).toHaveCount(0);

  await expect(page.getByTestId('seller-status')).toContainText('Thank you: you declined our offer.');
  await expect(page.getByTestId('seller-status')).toContainText(
    'You declined our offer. We may come back with a new one.',
  );
  const history = page.getByRole('list', { name: 'Offer history' });
  await expect(history).toContainText('Counter-offer MWK 400,000');
  await expect(history).toContainText('Declined on');
  await expect(history).toContainText('Your reason: I would take MWK 430,000');
  await checkScreen(page, 'declined');

  // Staff see the answer and its reason.
  const detail = (await admin.call('get', `/api/admin/seller-requests/${id}`)) as {
    status: string;
    offers: { answer: string | null; answer_reason: string | null }[];
  };
  expect(detail.status).toBe('Offer Declined by Seller');
  expect(detail.offers.at(-1)).toMatchObject({ answer: 'declined', answer_reason: 'I would take MWK 430,000' });

  await page.goto('/sell/status/not-a-real-link');
  await expect(page.getByRole('heading', { level: 1, name: 'We could not find this item' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sell an item' })).toHaveAttribute('href', '/sell');
  await checkScreen(page, 'not-found');
});
