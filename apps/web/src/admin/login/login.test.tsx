import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock';
import { retype } from '../../test/typing';
import { ApiError } from '../../lib/api-client';
import { LOGIN_DEFAULT_ERROR, login, loginErrorText } from '../auth-api';
import { ADMIN_ME, renderAdmin } from '../test/render-admin';
import { emptyDashboard } from '../test/dashboard';

afterEach(() => vi.restoreAllMocks());

async function fillAndSubmit(user: UserEvent, email = 'admin@marketplace.mw', password = 'wrong-password') {
  await retype(user, 'Email', email);
  await retype(user, 'Password', password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('login error text', () => {
  it('prefers detail, then title, then the default', () => {
    const refused = (status: number, body: unknown) => new ApiError(`Login failed with status ${status}`, status, body);
    expect(
      loginErrorText(refused(401, { detail: 'Invalid email or password', title: 'Unauthorized', message: 'Other' })),
    ).toBe('Invalid email or password');
    expect(loginErrorText(refused(429, { title: 'Too Many Requests', message: 'Slow down' }))).toBe(
      'Too Many Requests',
    );
    expect(loginErrorText(refused(500, null))).toBe('Login failed. Please try again.');
    expect(loginErrorText(new TypeError('network'))).toBe(LOGIN_DEFAULT_ERROR);
  });

  it("throws 'Login failed with status {status}' for a refused login", async () => {
    mockApi([[/^POST \/api\/v1\/auth\/login$/, () => json({ title: 'Service Unavailable' }, 503)]]);
    await expect(login({ email: 'a@b.mw', password: 'x' })).rejects.toMatchObject({
      message: 'Login failed with status 503',
      status: 503,
    });
  });
});

describe('Admin Login screen', () => {
  it('requires both fields', async () => {
    const user = userEvent.setup();
    const fetchSpy = mockApi([]);
    renderAdmin('/admin/login');
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('toasts the detail of a refused login', async () => {
    const user = userEvent.setup();
    mockApi([
      [
        /^POST \/api\/v1\/auth\/login$/,
        () =>
          json(
            {
              title: 'Unauthorized',
              status: 401,
              detail: 'Invalid email or password',
              message: 'Invalid email or password',
            },
            401,
          ),
      ],
    ]);
    renderAdmin('/admin/login');
    await screen.findByRole('heading', { name: 'Admin Login' });
    await fillAndSubmit(user);
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(window.localStorage.getItem('authToken')).toBeNull();
  });

  it('falls back to the title, then to the default text', async () => {
    const user = userEvent.setup();
    mockApi([[/^POST \/api\/v1\/auth\/login$/, () => json({ title: 'Too Many Requests', message: 'Slow down' }, 429)]]);
    renderAdmin('/admin/login');
    await screen.findByRole('heading', { name: 'Admin Login' });
    await fillAndSubmit(user);
    expect(await screen.findByText('Too Many Requests')).toBeInTheDocument();

    vi.restoreAllMocks();
    mockApi([[/^POST \/api\/v1\/auth\/login$/, () => new Response('<html>Bad gateway</html>', { status: 502 })]]);
    await fillAndSubmit(user);
    expect(await screen.findByText('Login failed. Please try again.')).toBeInTheDocument();
  });

  it('stores the token and display name and opens the dashboard', async () => {
    const user = userEvent.setup();
    const fetchSpy = mockApi([
      [/^POST \/api\/v1\/auth\/login$/, () => json({ token: 'tok-123', display_name: 'Chikondi', role: 'Admin' })],
      [/^GET \/api\/v1\/auth\/me$/, () => json(ADMIN_ME)],
      [
        /^GET \/api\/admin\/dashboard$/,
        () => json({ ...emptyDashboard, stats: { ...emptyDashboard.stats, products: 1, users: 1 } }),
      ],
    ]);
    renderAdmin('/admin/login');
    await screen.findByRole('heading', { name: 'Admin Login' });
    await fillAndSubmit(user, 'admin@marketplace.mw', 'malawi-demo-admin');
    expect(await screen.findByRole('heading', { name: 'Welcome, Chikondi' })).toBeInTheDocument();
    expect(window.localStorage.getItem('authToken')).toBe('tok-123');
    expect(window.localStorage.getItem('displayName')).toBe('Chikondi');
    expect(screen.getByTestId('location').textContent).toBe('/admin/dashboard');
    const [, init] = fetchSpy.mock.calls[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'admin@marketplace.mw', password: 'malawi-demo-admin' });
    // The dashboard asks for its figures in an effect, which Preact runs after the paint that shows the heading.
    await waitFor(() => {
      const dashboardCall = fetchSpy.mock.calls.find(([url]) => String(url).endsWith('/api/admin/dashboard'));
      expect(new Headers(dashboardCall?.[1]?.headers).get('Authorization')).toBe('Bearer tok-123');
    });
  });

  it("defaults the display name to 'Admin'", async () => {
    const user = userEvent.setup();
    mockApi([
      [/^POST \/api\/v1\/auth\/login$/, () => json({ token: 'tok-1', role: 'Admin' })],
      [/^GET \/api\/v1\/auth\/me$/, () => json(ADMIN_ME)],
      [/^GET \/api\/admin\/dashboard$/, () => json(emptyDashboard)],
    ]);
    renderAdmin('/admin/login');
    await screen.findByRole('heading', { name: 'Admin Login' });
    await fillAndSubmit(user);
    expect(await screen.findByRole('heading', { name: 'Welcome, Admin' })).toBeInTheDocument();
    await waitFor(() => expect(window.localStorage.getItem('displayName')).toBe('Admin'));
  });
});
