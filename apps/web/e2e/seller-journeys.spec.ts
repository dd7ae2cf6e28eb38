import { expect, test, type Page } from '@playwright/test';
import { login, shot } from './support/admin';
import { expectNoSeriousA11yViolations } from './support/axe';
import { waitForMail } from './support/mailbox';
import { photo } from './support/photos';
import { LAPTOP, PHONE, screenChecks } from './support/screens';
import { picture } from './support/picture';

// The seller-request flow (docs/product.md#seller-requests), through the real UI on the built server: a visitor offers
// an item with two photos, staff approve it, make an offer and add it to a shop's inventory, and it is then for sale; a
// rejected request approved again; a counter-offer, checking the enabled actions and the hint at every step. Each
// screen of the journey goes through axe-core and is pictured at phone and laptop size.

const checkScreen = screenChecks('seller');

test.describe.configure({ mode: 'parallel' });

/** From the list (newest first), the detail of the request for `item`. */
async function openFromList(page: Page, item: string) {
  await page.goto('/admin/seller-requests');
  await page.getByRole('link', { name: new RegExp(`^View ${item} from `) }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Seller Request' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Item' }).getByText(item)).toBeVisible();
}

const ACTION_NAMES = [
  'Make Offer',
  'Seller accepted',
  'Add to Inventory',
  'Counter offer',
  'Reject offer',
  'Delete offer',
];

/** Exactly `enabled` are enabled among the six actions (the approve one named `approve`), and the hint reads `hint`. */
async function expectStep(page: Page, status: string, approve: string, enabled: string[], hint: string) {
  const actions = page.getByRole('heading', { name: 'Actions' }).locator('..');
  await expect(page.getByRole('main').getByText(status, { exact: true }).first()).toBeVisible();
  for (const name of [approve, ...ACTION_NAMES]) {
    const button = actions.getByRole('button', { name, exact: true });
    if (enabled.includes(name)) await expect(button, `${name} when ${status}`).toBeEnabled();
    else await expect(button, `${name} when ${status}`).toBeDisabled();
  }
  await expect(page.getByTestId('status-hint')).toHaveText(hint);
}

/** Opens an action's modal, fills it, confirms, and waits for the modal to close. */
async function act(
  page: Page,
  button: string,
  fill: (dialog: ReturnType<Page['getByRole']>) => Promise<void> = async () => {},
) {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await fill(dialog);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toHaveCount(0);
}

test('a visitor offers an item with two photos; staff approve, offer and add it to a shop; it is for sale', async ({
  page,
}) => {
  const item = `Journey Phone ${Date.now().toString(36)}`;
  // Its own inbox: another journey's seller gets offers too.
  const email = `chikondi.${Date.now().toString(36)}@example.mw`;
  await page.goto('/sell');
  await expect(page.getByRole('heading', { level: 1, name: 'Sell or offer us your item' })).toBeVisible();
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview).toContainText('Item Name');
  await expect(preview).toContainText('12,000.00');
  await expect(preview).toContainText('Lilongwe');
  await expect(preview).toContainText('Item description goes here');

  // Nothing typed: every field's message, and nothing is sent.
  await page.getByRole('button', { name: 'Submit item' }).click();
  await expect(page.getByText('Item name is required')).toBeVisible();
  await expect(page.getByText('Your name is required')).toBeVisible();
  await checkScreen(page, 'sell-errors');

  await page
    .getByLabel('Photos of your item')
    .setInputFiles([await photo('front.png', '#0f766e'), await photo('back.png', '#b45309')]);
  const thumbnails = page.getByRole('list', { name: 'Selected images' }).getByRole('img');
  await expect(thumbnails).toHaveCount(2);
  await expect(page.getByText('Primary', { exact: true })).toHaveCount(1);
  await page.getByLabel('Item name').fill(item);
  await page.getByLabel('Description').fill('Dual SIM, 128GB, battery health 90%. Charger and case included.');
  await page.getByLabel('Price or value (MWK)').fill('250000');
  await page.getByRole('radio', { name: 'Good', exact: true }).check();
  await page.getByLabel('Your name').fill('Chikondi Banda');
  await page.getByLabel('Phone number').fill('+265 999 123 456');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Location').fill('Lilongwe, Area 47');
  await expect(preview).toContainText(item);
  await expect(preview).toContainText('MWK 250,000');
  await expect(preview.getByRole('img', { name: 'Primary image preview' })).toBeVisible();
  await checkScreen(page, 'sell');

  await page.getByRole('button', { name: 'Submit item' }).click();
  await expect(page).toHaveURL(/\/sell\/success$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Item successfully submitted!' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'sell success');

  await login(page);
  await page.goto('/admin/seller-requests');
  const row = page.getByRole('row').filter({ hasText: item });
  await expect(row).toContainText('Chikondi Banda');
  await expect(row).toContainText(email);
  await expect(row).toContainText('MWK 250,000');
  await expect(row).toContainText('Pending');
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await checkScreen(page, 'list');

  await openFromList(page, item);
  await expect(page.getByRole('list', { name: 'Photos' }).getByRole('img')).toHaveCount(2);
  await expect(page.getByTestId('request-price')).toHaveText('MWK 250,000');
  await expectStep(
    page,
    'Pending',
    'Accept offer',
    ['Accept offer', 'Make Offer', 'Counter offer', 'Reject offer', 'Delete offer'],
    '',
  );
  await checkScreen(page, 'detail');

  await act(page, 'Accept offer');
  await expectStep(
    page,
    'Approved',
    'Accept offer',
    ['Make Offer', 'Reject offer', 'Delete offer'],
    'Item approved — you can make an offer or reject.',
  );

  await act(page, 'Make Offer', async (dialog) => {
    // Empty, the asking price beside it (docs/decisions/0055): staff type what we offer.
    await expect(dialog.getByLabel('Offer amount (MWK)')).toHaveValue('');
    await expect(dialog).toContainText('Asking price: MWK 250,000');
    await dialog.getByLabel('Offer amount (MWK)').fill('230000');
    await dialog.getByLabel('Reason (optional)').fill('Small scratch on the back');
  });
  await expectStep(
    page,
    'Accepted - Offer Pending',
    'Accept offer',
    ['Seller accepted', 'Reject offer', 'Delete offer'],
    'Item approved and offer sent (pending response).',
  );
  await expect(page.getByRole('region', { name: 'Offer history' })).toContainText('MWK 230,000');

  // The seller asked to be told: the offer reaches their inbox (a real SMTP server on loopback) with the
  // link to their item's page, which shows the offer waiting for their answer.
  // It names the item by its reference only, never by what the seller typed.
  const mail = await waitForMail(email, 'Our offer for your item S-');
  expect(`${mail.subject} ${mail.text}`).not.toContain(item);
  expect(mail.text).toContain('We offer MWK 230,000');
  const link = new RegExp(`${page.url().split('/admin')[0]}/sell/status/([A-Za-z0-9_-]{32})`).exec(mail.text);
  expect(link, 'the status link in the mail').not.toBeNull();
  const view = await page.request.get(`/api/v1/sells/${link![1]}`);
  expect(view.status()).toBe(200);
  expect((await view.json()).open_offer).toMatchObject({ amount: 230000, reason: 'Small scratch on the back' });

  // Add to Inventory waits for the seller's yes: here the seller accepts in person, and staff record it.
  await page.getByRole('button', { name: 'Seller accepted', exact: true }).click();
  const accepted = page.getByRole('dialog', { name: 'Seller accepted' });
  await accepted.getByRole('button', { name: 'Confirm' }).click();
  await expect(accepted.getByText('Note is required')).toBeVisible();
  await accepted.getByLabel('Note').fill('Accepted at the counter, 10:30');
  await accepted.getByRole('button', { name: 'Confirm' }).click();
  await expect(accepted).toHaveCount(0);
  await expectStep(
    page,
    'Offer Accepted by Seller',
    'Accept offer',
    ['Add to Inventory', 'Reject offer', 'Delete offer'],
    'Seller accepted the offer — add the item to the inventory.',
  );

  // The inventory modal refuses to confirm without a shop and a category.
  await page.getByRole('button', { name: 'Add to Inventory' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to Inventory' });
  await expect(dialog.getByLabel('Shop')).toBeEnabled();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('Please select both shop and category.')).toBeVisible();
  await expect(dialog.getByText('Please select a shop before confirming.')).toBeVisible();
  await expect(dialog.getByText('Please select a category before confirming.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'add to inventory modal');
  await page.setViewportSize(PHONE);
  await picture(page, shot('seller-inventory-modal-360'));
  await page.setViewportSize(LAPTOP);
  await dialog.getByLabel('Shop').selectOption({ label: 'Mzuzu Shop' });
  await dialog.getByLabel('Category').selectOption({ label: 'Other' });
  // The selling price starts empty beside what we pay (the accepted offer); staff set the shop's price.
  await expect(dialog.getByLabel('Selling price (MWK)')).toHaveValue('');
  await expect(dialog).toContainText('Buying price: MWK 230,000');
  await dialog.getByLabel('Selling price (MWK)').fill('260000');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toHaveCount(0);
  await expectStep(
    page,
    'Offer Fulfilled',
    'Accept offer',
    ['Delete offer'],
    'Offer fulfilled — transaction complete.',
  );
  await expect(page.getByRole('region', { name: 'Status history' })).toContainText(
    'Offer Accepted by Seller → Offer Fulfilled',
  );

  // For sale: in its category on /discover, with both photos on its page.
  await page.goto('/discover?category=Other');
  await page.getByRole('link', { name: item }).click();
  await expect(page.getByRole('heading', { level: 1, name: item })).toBeVisible();
  await expect(page.getByRole('img', { name: `${item}, photo 1 of 2` })).toBeVisible();
  await page.getByRole('button', { name: 'Show photo 2 of 2' }).click();
  await expect(page.getByRole('img', { name: `${item}, photo 2 of 2` })).toBeVisible();
  // Where the item is now: its shop's town, with the shop beside it.
  await expect(page.getByTestId('product-location')).toHaveText('Mzuzu');
  await expect(page.getByTestId('product-price')).toHaveText('MWK 260,000');
  await expect(page.getByRole('region', { name: 'Where the item is' })).toContainText('Mzuzu Shop');
});

test("staff enter a walk-in seller's item, reject it, then 'Approve after Rejection', then delete it", async ({
  page,
}) => {
  const item = `Walk-in Laptop ${Date.now().toString(36)}`;
  await login(page);
  await page.goto('/admin/seller-requests');
  await page.getByRole('link', { name: 'Create seller offer' }).click();
  await expect(page).toHaveURL(/\/admin\/create-seller-request$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create Seller Request' })).toBeVisible();
  await page.getByRole('button', { name: 'Create seller request' }).click();
  await expect(page.getByText('Seller name is required')).toBeVisible();
  await expect(page.getByText('Location is required')).toBeVisible();

  await page.getByLabel('Photos of the item').setInputFiles([await photo('laptop.png', '#1e3a8a')]);
  await page.getByLabel('Item Name').fill(item);
  await page.getByLabel('Description').fill('Core i5, 8GB RAM, 256GB SSD. Brought to the Zomba shop.');
  await page.getByLabel('Price or Value (MWK)').fill('400000');
  await page.getByRole('radio', { name: 'Fair', exact: true }).check();
  await page.getByLabel('Seller Name').fill('Thoko Phiri');
  await page.getByLabel('Seller Phone Number').fill('0888 234 567');
  await page.getByLabel('Seller Email Address').fill('thoko.phiri@example.mw');
  await page.getByLabel('City').fill('Zomba');
  await page.getByLabel('Address', { exact: true }).fill('Chirunga Road');
  await expect(page.getByRole('region', { name: 'Preview' })).toContainText('Zomba, Chirunga Road');
  await checkScreen(page, 'create');
  await page.getByRole('button', { name: 'Create seller request' }).click();
  await expect(page).toHaveURL(/\/admin\/seller-requests$/);

  await openFromList(page, item);
  await expect(page.getByText('TP', { exact: true })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Zomba, Chirunga Road');

  await act(page, 'Reject offer', async (dialog) => {
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByText('Reason is required')).toBeVisible();
    await dialog.getByLabel('Reason').fill('We already have too many of this model');
  });
  await expectStep(
    page,
    'Rejected',
    'Approve after Rejection',
    ['Approve after Rejection', 'Delete offer'],
    'Item rejected — waiting for seller response.',
  );

  await act(page, 'Approve after Rejection');
  await expectStep(
    page,
    'Approved',
    'Accept offer',
    ['Make Offer', 'Reject offer', 'Delete offer'],
    'Item approved — you can make an offer or reject.',
  );
  const history = page.getByRole('region', { name: 'Status history' });
  await expect(history).toContainText('Pending → Rejected');
  await expect(history).toContainText('We already have too many of this model');
  await expect(history).toContainText('Rejected → Approved');

  await act(page, 'Delete offer');
  await expect(page).toHaveURL(/\/admin\/seller-requests$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Seller Requests' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: item })).toHaveCount(0);
});

test('a counter-offer: the enabled actions and the hint at every step', async ({ page, request }) => {
  const item = `Counter Console ${Date.now().toString(36)}`;
  const image = await photo('console.png', '#7c3aed');
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
      images: image,
    },
  });
  expect(submitted.status()).toBe(201);

  await login(page);
  await openFromList(page, item);
  await expectStep(
    page,
    'Pending',
    'Accept offer',
    ['Accept offer', 'Make Offer', 'Counter offer', 'Reject offer', 'Delete offer'],
    '',
  );

  await act(page, 'Counter offer', async (dialog) => {
    await dialog.getByLabel('Counter-offer amount (MWK)').fill('');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByText('Counter-offer amount is required')).toBeVisible();
    await dialog.getByLabel('Counter-offer amount (MWK)').fill('400000');
    await dialog.getByLabel('Reason (optional)').fill('Market price is lower');
  });
  await expectStep(
    page,
    'Counter Offer made',
    'Accept offer',
    ['Accept offer', 'Make Offer', 'Seller accepted', 'Reject offer', 'Delete offer'],
    '',
  );
  await expect(page.getByRole('region', { name: 'Offer history' })).toContainText('Counter offer');
  await expect(page.getByRole('region', { name: 'Offer history' })).toContainText('MWK 400,000');

  await act(page, 'Accept offer');
  await expectStep(
    page,
    'Approved',
    'Accept offer',
    ['Make Offer', 'Reject offer', 'Delete offer'],
    'Item approved — you can make an offer or reject.',
  );

  await act(page, 'Make Offer', async (dialog) => {
    await dialog.getByLabel('Offer amount (MWK)').fill('400000');
  });
  await expectStep(
    page,
    'Accepted - Offer Pending',
    'Accept offer',
    ['Seller accepted', 'Reject offer', 'Delete offer'],
    'Item approved and offer sent (pending response).',
  );
  await expect(page.getByRole('region', { name: 'Offer history' }).getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('region', { name: 'Status history' })).toContainText('Pending → Counter Offer made');

  // An unknown id.
  await page.goto('/admin/seller-requests/999999');
  await expect(page.getByText('Seller not found.')).toBeVisible();
});
