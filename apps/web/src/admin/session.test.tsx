import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../test/fetch-mock';
import { ADMIN_ME, renderAdmin, signIn } from './test/render-admin';
import { emptyDashboard } from './test/dashboard';

afterEach(() => vi.restoreAllMocks());

describe('route guard', () => {
  it('sends a visitor without a token to /admin/login', async () => {
    const fetchSpy = mockApi([]);
    renderAdmin('/admin/users');
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/admin/login');
    expect(screen.queryByRole('navigation', { name: 'Back-office' })).not.toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('redirects /admin to the dashboard', async () => {
    signIn();
    mockApi([
      [/^GET \/api\/v1\/auth\/me$/, () => json(ADMIN_ME)],
      [/^GET \/api\/admin\/dashboard$/, () => json(emptyDashboard)],
    ]);
    renderAdmin('/admin');
    expect(await screen.findByRole('heading', { name: 'Welcome, Chikondi' })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/admin/dashboard');
    const nav = screen.getAllByRole('navigation', { name: 'Back-office' })[0]!;
    // The Admin-only entry shows once the signed-in role is known (/auth/me), which may come after the dashboard.
    await within(nav).findByRole('link', { name: 'Personal data' });
    const labels = Array.from(nav.querySelectorAll('a,button')).map((el) => el.textContent);
    expect(labels).toEqual([
      'Dashboard',
      'Orders',
      'Returns',
      'Money',
      'Products',
      'Featured Products',
      'Shops',
      'Users',
      'Seller Requests',
      'Reports',
      'Transfers',
      'Categories',
      'Personal data',
      'My Account',
      'Logout',
    ]);
    expect(within(nav).getByRole('link', { name: 'Seller Requests' })).toHaveAttribute(
      'href',
      '/admin/seller-requests',
    );
  });
});

describe('session end', () => {
  it('a 401 from any admin call clears the token and opens the login screen', async () => {
    signIn();
    mockApi([
      [/^GET \/api\/v1\/auth\/me$/, () => json(ADMIN_ME)],
      [
        /^GET \/api\/admin\/products/,
        () => json({ title: 'Unauthorized', status: 401, detail: 'Session expired', message: 'Session expired' }, 401),
      ],
    ]);
    renderAdmin('/admin/products');
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(window.localStorage.getItem('authToken')).toBeNull();
    expect(window.localStorage.getItem('displayName')).toBeNull();
  });

  it('Logout revokes the token on the server, forgets it and opens the login screen', async () => {
    const user = userEvent.setup();
    signIn();
    const fetchSpy = mockApi([
      [/^GET \/api\/v1\/auth\/me$/, () => json(ADMIN_ME)],
      [/^GET \/api\/admin\/dashboard$/, () => json(emptyDashboard)],
      [/^POST \/api\/v1\/auth\/logout$/, () => new Response(null, { status: 204 })],
    ]);
    renderAdmin('/admin/dashboard');
    await screen.findByRole('heading', { name: 'Welcome, Chikondi' });
    await user.click(screen.getAllByRole('button', { name: 'Logout' })[0]!);
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(window.localStorage.getItem('authToken')).toBeNull();
    const logoutCall = fetchSpy.mock.calls.find(([url]) => String(url).endsWith('/api/v1/auth/logout'));
    expect(new Headers(logoutCall?.[1]?.headers).get('Authorization')).toBe('Bearer test-token');
  });
});

describe('roles', () => {
  it("a 'User' account is told it has no back-office access", async () => {
    signIn('Customer');
    mockApi([
      [/^GET \/api\/v1\/auth\/me$/, () => json({ ...ADMIN_ME, role: 'User' })],
      [
        /^GET \/api\/admin\/dashboard$/,
        () => json({ title: 'Forbidden', status: 403, detail: 'No access', message: 'No access' }, 403),
      ],
    ]);
    renderAdmin('/admin/dashboard');
    expect(await screen.findByText('Your account does not have access to the back-office.')).toBeInTheDocument();
  });

  it("a 403 shows the server's message in place of the screen", async () => {
    signIn();
    mockApi([
      [/^GET \/api\/v1\/auth\/me$/, () => json({ ...ADMIN_ME, role: 'Moderator' })],
      [
        /^GET \/api\/admin\/users/,
        () =>
          json(
            {
              title: 'Forbidden',
              status: 403,
              detail: 'Only an Admin can manage users',
              message: 'Only an Admin can manage users',
            },
            403,
          ),
      ],
    ]);
    renderAdmin('/admin/users');
    expect(await screen.findByText('Only an Admin can manage users')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await waitFor(() => expect(window.localStorage.getItem('authToken')).toBe('test-token'));
  });
});
