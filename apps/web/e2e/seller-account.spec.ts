import { expect, test, type Page } from '@playwright/test';
import { photo } from './support/photos';
import { screenChecks } from './support/screens';
import { staff } from './support/staff-api';
import { waitForMail } from './support/mailbox';

// Seller accounts (docs/decisions/0011, 0040) on the built server: a seller who ticked "Create a seller account for me"
// asks for it on the item's private page, opens the link mailed to them and chooses the password there (decision 0086),
// sees the item at /account, logs out and back in, sells a second item while logged in, and answers an offer from
// the list; the back-office stays closed to them.

const checkScreen = screenChecks('seller-account');
const PASSWORD = 'kwacha-2026-banda';

async function fillSellForm(page: Page, item: string, email: string) {
  await page.goto('/sell');
  await page.getByLabel('Item name').fill(item);
  await page.getByLabel('Description').fill('Dual SIM, 128GB. Charger included.');
  await page.getByLabel('Price or value (MWK)').fill('180000');
  await page.getByRole('radio', { name: 'Good', exact: true }).check();
  await page.getByLabel('Your name').fill('Chikondi Banda');
  await page.getByLabel('Phone number').fill('+265 999 123 456');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Location').fill('Lilongwe, Area 47');
}

test('a seller makes an account from the private page, follows every item at /account and answers an offer there', async ({
  page,
  request,
}) => {
  const run = Date.now().toString(36);
  const email = `seller-${run}@example.mw`;
  const first = `Account Phone ${run}`;

  await fillSellForm(page, first, email);
  await page.getByLabel('Photos of your item').setInputFiles([await photo('front.png', '#0f766e')]);
  await page.getByLabel('Create a seller account for me').check();
  await page.getByRole('button', { name: 'Submit item' }).click();
  await expect(page).toHaveURL(/\/sell\/success$/);
  await page.getByRole('link', { name: 'Keep this link to follow your item' }).click();

  const account = page.getByRole('region', { name: 'Your seller account' });
  await expect(account).toContainText('You asked for a seller account:');
  await expect(account).toContainText(`s***@example.mw`);
  await expect(account).toContainText('We email you a link: open it to choose your password.');
  await expect(account.getByLabel('Choose a password')).toHaveCount(0);
  await checkScreen(page, 'ask-account');
  await account.getByRole('button', { name: 'Create my account' }).click();
  await expect(account.getByRole('status')).toHaveText(
    'We have sent a link to s***@example.mw. Open it to finish making your account. It works for 24 hours.',
  );
  await checkScreen(page, 'link-sent');

  // The account exists once the email's owner opens the link.
  const mail = await waitForMail(email, 'your seller account');
  const link = /https?:\/\/\S+(\/account\/confirm\/[A-Za-z0-9_-]{43})/.exec(mail.text);
  expect(link, 'the confirmation link in the mail').not.toBeNull();
  await page.goto(link![1]!);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your seller account' })).toBeVisible();
  await page.getByLabel('Choose a password').fill(PASSWORD);
  await page.getByLabel('Type it again').fill(`${PASSWORD}x`);
  await page.getByRole('button', { name: 'Confirm and log in' }).click();
  await expect(page.getByText('The two passwords are not the same')).toBeVisible();
  await checkScreen(page, 'confirm');
  await page.getByLabel('Type it again').fill(PASSWORD);
  await page.getByRole('button', { name: 'Confirm and log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your items' })).toBeVisible();
  await expect(page.getByText(`Logged in as Chikondi Banda (${email})`)).toBeVisible();
  const list = page.getByRole('list', { name: 'Your items' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText(first);
  await expect(list).toContainText('We received your item and will review it shortly.');

  // Log out, and back in with the new password.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your seller account' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await checkScreen(page, 'login');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);

  // A second item, sold while logged in, goes straight into the account without ticking the box.
  const second = `Account Laptop ${run}`;
  await fillSellForm(page, second, email);
  await page.getByRole('button', { name: 'Submit item' }).click();
  await expect(page).toHaveURL(/\/sell\/success$/);
  await expect(page.getByRole('main')).toContainText('This item is in your seller account.');
  const reference = (await page.getByTestId('sell-reference').textContent()) ?? '';

  // Staff make an offer on it; the account shows it waiting, and the seller answers from there.
  const admin = await staff(request);
  const id = await admin.idOf(reference);
  await admin.call('post', `/api/admin/seller-requests/${id}/approved`);
  await admin.call('post', `/api/admin/seller-requests/${id}/offer`, { price: 150000, reason: 'Battery is weak' });

  await page.getByRole('main').getByRole('link', { name: 'See all your items' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  const offered = list.getByRole('listitem').filter({ hasText: second });
  await expect(offered).toContainText('Our offer: MWK 150,000, waiting for your answer');
  await checkScreen(page, 'items');
  await offered.getByRole('link', { name: 'Answer the offer' }).click();
  await expect(page.getByRole('region', { name: 'We offer MWK 150,000' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your seller account' })).toContainText(
    'This item is in your seller account.',
  );

  // The account is role User: the back-office says so and shows nothing.
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Your account does not have access to the back-office.')).toBeVisible();
});

test('a seller who already has an account logs in to add the new item', async ({ page, request }) => {
  const run = Date.now().toString(36);
  const email = `returning-${run}@example.mw`;
  const form = (item: string) => ({
    item_name: item,
    description: 'Works well.',
    price: '90000',
    seller_name: 'Mphatso Kalua',
    phone: '0999 555 111',
    email,
    location: 'Blantyre',
    notify_on_offer: 'false',
    terms_accepted: 'true',
    create_seller_account: 'true',
  });
  const submit = async (item: string) => {
    const res = await request.post('/api/v1/sells', { multipart: form(item) });
    expect(res.status()).toBe(201);
    return (await res.json()) as { status_token: string };
  };
  const firstItem = await submit(`Radio ${run}`);
  const made = await request.post(`/api/v1/sells/${firstItem.status_token}/account`, { data: {} });
  expect(made.status()).toBe(202);
  const mail = await waitForMail(email, 'your seller account');
  const link = /\/account\/confirm\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
  expect((await request.post(`/api/v1/account/confirm/${link}`, { data: { password: PASSWORD } })).status()).toBe(200);
  const secondItem = await submit(`Speaker ${run}`);

  // The page never tells whether the email has an account: it offers both, and the seller logs in.
  await page.goto(`/sell/status/${secondItem.status_token}`);
  const account = page.getByRole('region', { name: 'Your seller account' });
  await expect(account).toContainText('You asked for a seller account:');
  await account.getByRole('link', { name: 'Log in to add this item' }).click();
  await expect(page.getByText('Log in to add your item to your account.')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('The item was added to your account.');
  await expect(page.getByRole('list', { name: 'Your items' }).getByRole('listitem')).toHaveCount(2);
  // A reload does not announce it again.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Your items' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('main').getByRole('status')).toHaveCount(0);
});
