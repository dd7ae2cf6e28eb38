import { expect, test } from '@playwright/test';
import { ADMIN, screenshots, shot, sidebar, submitLogin } from './support/admin';
import { expectNoSeriousA11yViolations } from './support/axe';
import { picture } from './support/picture';

// Log in as the seeded admin and see the dashboard with real counts and the chart; wrong
// credentials show the server's message in a toast; without a token every admin route opens the login.

test('login, the dashboard with real figures, and logout', async ({ page, request }) => {
  await page.goto('/admin/products');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
  await expect(sidebar(page)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'admin login');
  await screenshots(page, 'admin-login');

  // Both fields are required before anything is sent.
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();

  await submitLogin(page, ADMIN.email, 'not-the-password');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);

  await submitLogin(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Admin' })).toBeVisible();
  const token = await page.evaluate(() => window.localStorage.getItem('authToken'));
  expect(token).toBeTruthy();
  expect(await page.evaluate(() => window.localStorage.getItem('displayName'))).toBe('Admin');

  // The cards and the chart show what the API reports (other journeys may write meanwhile: retry on a fresh load).
  let dashboard = { stats: {} as Record<string, number>, orders_by_day: [] as { date: string; orders: number }[] };
  let attempt = 0;
  await expect(async () => {
    if (attempt++ > 0) await page.reload();
    const response = await request.get('/api/admin/dashboard', { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status()).toBe(200);
    dashboard = (await response.json()) as typeof dashboard;
    for (const key of ['products', 'orders', 'users', 'pendingOrders']) {
      await expect(page.getByTestId(`stat-${key}`)).toHaveText(
        new Intl.NumberFormat('en-MW').format(dashboard.stats[key] ?? -1),
        { timeout: 2000 },
      );
    }
  }).toPass({ timeout: 20_000 });
  for (const label of ['Products', 'Orders', 'Users', 'Pending Orders']) {
    await expect(page.getByRole('list', { name: 'Totals' }).getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Orders in Last 7 Days' })).toBeVisible();
  await expect(page.getByTestId('orders-chart')).toBeVisible();
  expect(dashboard.orders_by_day).toHaveLength(7);
  await expect(page.getByRole('table', { name: 'Orders in Last 7 Days' }).locator('tbody tr')).toHaveCount(7);
  await expect(page.getByTestId('orders-chart').locator('circle')).toHaveCount(7);
  await expect(page.getByRole('heading', { name: 'Recent Actions' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'dashboard');
  await screenshots(page, 'admin-dashboard');

  // The sidebar collapses to icons and keeps its names for assistive technology.
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(page.getByRole('link', { name: 'Featured Products' })).toBeVisible();
  await picture(page, shot('admin-sidebar-collapsed-1280'));
  await page.getByRole('button', { name: 'Expand sidebar' }).click();

  // On a phone the menu opens as a drawer.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.locator('#admin-drawer').getByRole('link', { name: 'Seller Requests' })).toHaveAttribute(
    'href',
    '/admin/seller-requests',
  );
  await picture(page, shot('admin-drawer-360'));
  await page.locator('#admin-drawer').getByRole('link', { name: 'Seller Requests' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Seller Requests' })).toBeVisible();
  await expect(page.locator('#admin-drawer')).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(await page.evaluate(() => window.localStorage.getItem('authToken'))).toBeNull();
  // The token was revoked on the server, not only forgotten here.
  expect((await request.get('/api/v1/auth/me', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('a token the server no longer accepts ends the session', async ({ page }) => {
  await page.goto('/admin/login');
  await page.evaluate(() => {
    window.localStorage.setItem('authToken', 'revoked-or-made-up');
    window.localStorage.setItem('displayName', 'Ghost');
  });
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(await page.evaluate(() => window.localStorage.getItem('authToken'))).toBeNull();
});
