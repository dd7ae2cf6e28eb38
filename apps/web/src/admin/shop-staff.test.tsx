import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../test/fetch-mock';
import { ADMIN_ME, renderAdmin, signIn } from './test/render-admin';
import { emptyDashboard } from './test/dashboard';

// docs/decisions/0061: Shop staff see only their shop's work in the sidebar, and an Admin gives them a shop.
afterEach(() => vi.restoreAllMocks());

const SHOP_STAFF_ME = { id: 7, display_name: 'Tadala', email: 'tadala@example.mw', role: 'Shop staff', shop_id: 2 };
const SHOPS = {
  shops: [
    { id: 1, name: 'Lilongwe Shop', town: 'Lilongwe' },
    { id: 2, name: 'Blantyre Shop', town: 'Blantyre' },
  ],
  total: 2,
  limit: 100,
  offset: 0,
};

describe('the sidebar of Shop staff', () => {
  it("offers only their shop's work: no Users, Shops, Categories, Featured or Reports", async () => {
    signIn('Tadala');
    mockApi([
      [/^GET \/api\/v1\/auth\/me$/, () => json(SHOP_STAFF_ME)],
      [/^GET \/api\/admin\/dashboard$/, () => json(emptyDashboard)],
    ]);
    renderAdmin('/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome, Tadala' })).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Back-office' })[0]!;
    await waitFor(() =>
      expect(Array.from(nav.querySelectorAll('a,button')).map((el) => el.textContent)).toEqual([
        'Dashboard',
        'Orders',
        'Returns',
        'Money',
        'Products',
        'Seller Requests',
        'Transfers',
        'My Account',
        'Logout',
      ]),
    );
    expect(screen.queryByText('Your account does not have access to the back-office.')).not.toBeInTheDocument();
  });
});

/** The create-user form filled but for role and shop; answers the fetch spy. */
async function filledCreateForm(user: ReturnType<typeof userEvent.setup>, name: string) {
  signIn();
  const spy = mockApi([
    [/^GET \/api\/v1\/auth\/me$/, () => json(ADMIN_ME)],
    [/^GET \/api\/admin\/shops/, () => json(SHOPS)],
    [/^POST \/api\/admin\/users$/, () => json({ id: 9 }, 201)],
    [/^GET \/api\/admin\/users/, () => json({ users: [], total: 0, limit: 50, offset: 0 })],
  ]);
  renderAdmin('/admin/users/create');
  await user.type(await screen.findByLabelText('First name'), name);
  await user.type(screen.getByLabelText('Last name'), 'Phiri');
  await user.type(screen.getByLabelText('Display name'), name);
  await user.type(screen.getByLabelText('Email'), `${name.toLowerCase()}@example.mw`);
  await user.type(screen.getByLabelText(/^Password/), 'a long passphrase');
  return () => spy.mock.calls.filter(([, init]) => init?.method === 'POST');
}

describe('the shop picker of Shop staff', () => {
  it('is fixed to their shop, with no "All shops"', async () => {
    signIn('Tadala');
    mockApi([
      [/^GET \/api\/v1\/auth\/me$/, () => json(SHOP_STAFF_ME)],
      [/^GET \/api\/admin\/shops/, () => json({ ...SHOPS, shops: [SHOPS.shops[1]], total: 1 })],
      [/^GET \/api\/admin\/orders/, () => json({ orders: [], total: 0, limit: 50, offset: 0 })],
    ]);
    renderAdmin('/admin/orders');
    const picker = await screen.findByLabelText('Shop');
    await waitFor(() => expect(picker).toHaveDisplayValue('Blantyre Shop'));
    expect(picker).toBeDisabled();
    expect(screen.queryByRole('option', { name: 'All shops' })).not.toBeInTheDocument();
  });
});

describe('creating a Shop staff user', () => {
  it('asks for a shop only for Shop staff, and sends it', async () => {
    const user = userEvent.setup();
    const posts = await filledCreateForm(user, 'Tadala');
    expect(screen.queryByLabelText('Shop')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Role'), 'Shop staff');
    const shop = await screen.findByLabelText('Shop');
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('Shop is required for Shop staff')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);

    await waitFor(() => expect(screen.getByRole('option', { name: 'Blantyre Shop' })).toBeInTheDocument());
    await user.selectOptions(shop, 'Blantyre Shop');
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(String(posts()[0]![1]!.body))).toMatchObject({ role: 'Shop staff', shop_id: 2 });
  });

  it('forgets the shop when another role is chosen', async () => {
    const user = userEvent.setup();
    const posts = await filledCreateForm(user, 'Kondwani');
    await user.selectOptions(screen.getByLabelText('Role'), 'Shop staff');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Lilongwe Shop' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('Shop'), 'Lilongwe Shop');
    await user.selectOptions(screen.getByLabelText('Role'), 'Moderator');
    expect(screen.queryByLabelText('Shop')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    const body = JSON.parse(String(posts()[0]![1]!.body));
    expect(body.role).toBe('Moderator');
    expect(body).not.toHaveProperty('shop_id');
  });
});

describe('the users list', () => {
  it('shows the shop of Shop staff beside the role', async () => {
    signIn();
    const tadala = {
      id: 7,
      displayName: 'Tadala',
      first_name: 'Tadala',
      last_name: 'Phiri',
      email: 'tadala@example.mw',
      role: 'Shop staff',
      status: 'active',
      created_at: '2026-11-01T10:00:00.000Z',
      second_factor: false,
      shop_id: 2,
    };
    mockApi([
      [/^GET \/api\/v1\/auth\/me$/, () => json(ADMIN_ME)],
      [/^GET \/api\/admin\/shops/, () => json(SHOPS)],
      [/^GET \/api\/admin\/users/, () => json({ users: [tadala], total: 1, limit: 50, offset: 0 })],
    ]);
    renderAdmin('/admin/users');
    const row = (await screen.findByText('tadala@example.mw')).closest('tr')!;
    await waitFor(() => expect(row).toHaveTextContent('Shop staffBlantyre Shop'));
  });
});
