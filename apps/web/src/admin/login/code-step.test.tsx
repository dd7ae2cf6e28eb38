import { screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock';
import { retype } from '../../test/typing';
import { ADMIN_ME, renderAdmin } from '../test/render-admin';
import { emptyDashboard } from '../test/dashboard';

afterEach(() => vi.restoreAllMocks());

const LOGIN = /^POST \/api\/v1\/auth\/login$/;
const CODE = /^POST \/api\/v1\/auth\/login\/code$/;
const CHALLENGE = { second_factor: 'code', challenge: 'c'.repeat(43) };
async function password(user: UserEvent) {
  renderAdmin('/admin/login');
  await screen.findByRole('heading', { name: 'Admin Login' });
  await retype(user, 'Email', 'admin@marketplace.mw');
  await retype(user, 'Password', 'malawi-demo-admin');
  await user.click(screen.getByRole('button', { name: 'Login' }));
  await screen.findByRole('heading', { name: 'Two-step login' });
}

describe('Admin Login: the code step', () => {
  it('asks for the code after the password, and the code opens the dashboard', async () => {
    const user = userEvent.setup();
    const spy = mockApi([
      [LOGIN, () => json(CHALLENGE)],
      [CODE, () => json({ token: 'tok-9', display_name: 'Chikondi', role: 'Admin' })],
      [/^GET \/api\/v1\/auth\/me$/, () => json(ADMIN_ME)],
      [/^GET \/api\/admin\/dashboard$/, () => json(emptyDashboard)],
    ]);
    await password(user);
    expect(window.localStorage.getItem('authToken')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Code is required')).toBeInTheDocument();
    await retype(user, 'Code', '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Chikondi' })).toBeInTheDocument();
    expect(window.localStorage.getItem('authToken')).toBe('tok-9');
    const codeCall = spy.mock.calls.find(([url]) => String(url).endsWith('/login/code'));
    expect(JSON.parse(String(codeCall?.[1]?.body))).toEqual({ challenge: CHALLENGE.challenge, code: '123 456' });
  });

  it('toasts a wrong code and lets it be typed again; an expired login goes back to the password', async () => {
    const user = userEvent.setup();
    let answer = json(
      { status: 401, detail: 'That code is not right. Check your authenticator app and try again.' },
      401,
    );
    mockApi([
      [LOGIN, () => json(CHALLENGE)],
      [CODE, () => answer],
    ]);
    await password(user);
    await retype(user, 'Code', '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('That code is not right. Check your authenticator app and try again.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toHaveValue('');

    answer = json({ status: 401, detail: 'Your login has expired. Please log in again.', code: 'login_expired' }, 401);
    await retype(user, 'Code', '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByText('Your login has expired. Please log in again.')).toBeInTheDocument();
    expect(window.localStorage.getItem('authToken')).toBeNull();
  });

  it('shows the lock in place of the code box after 10 wrong codes, and goes back to the password', async () => {
    const user = userEvent.setup();
    const LOCKED =
      'Two-step login is locked after 10 wrong codes. Open the link we emailed you to unlock it, or ask an Admin.';
    const spy = mockApi([
      [LOGIN, () => json(CHALLENGE)],
      [CODE, () => json({ status: 423, detail: LOCKED, code: 'second_factor_locked' }, 423)],
    ]);
    await password(user);
    await retype(user, 'Code', '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Two-step login is locked' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(LOCKED);
    expect(screen.queryByLabelText('Code')).not.toBeInTheDocument();
    expect(spy.mock.calls.filter(([url]) => String(url).endsWith('/login/code'))).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Back to email and password' }));
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(window.localStorage.getItem('authToken')).toBeNull();
  });

  it('offers a code box beside the password when the account is capped, and sends the code with it', async () => {
    const user = userEvent.setup();
    const CAPPED =
      'Too many failed login attempts on this account. Please try again later, or set a new password with "Forgot your password?".';
    const spy = mockApi([
      [
        LOGIN,
        (_url, init) =>
          JSON.parse(String(init?.body)).code
            ? json({ token: 'tok-5', display_name: 'Chikondi', role: 'Admin' })
            : json({ status: 429, detail: CAPPED, code: 'account_capped' }, 429),
      ],
      [/^GET \/api\/v1\/auth\/me$/, () => json(ADMIN_ME)],
      [/^GET \/api\/admin\/dashboard$/, () => json(emptyDashboard)],
    ]);
    renderAdmin('/admin/login');
    await screen.findByRole('heading', { name: 'Admin Login' });
    expect(screen.queryByLabelText('Two-step code')).not.toBeInTheDocument();
    await retype(user, 'Email', 'admin@marketplace.mw');
    await retype(user, 'Password', 'malawi-demo-admin');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(CAPPED)).toBeInTheDocument();
    await retype(user, 'Two-step code', '123 456');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Chikondi' })).toBeInTheDocument();
    const calls = spy.mock.calls.filter(([url]) => String(url).endsWith('/auth/login'));
    expect(JSON.parse(String(calls.at(-1)?.[1]?.body))).toEqual({
      email: 'admin@marketplace.mw',
      password: 'malawi-demo-admin',
      code: '123 456',
    });
  });

  it('goes straight to the account page when two-step login must be set up', async () => {
    const user = userEvent.setup();
    mockApi([
      [LOGIN, () => json({ token: 'tok-1', display_name: 'Chikondi', role: 'Admin', second_factor_setup: true })],
      [/^GET \/api\/v1\/auth\/me$/, () => json({ ...ADMIN_ME, second_factor_setup: true })],
      [
        /^GET \/api\/admin\/account\/second-factor$/,
        () => json({ enabled: false, required: true, recovery_codes_left: 0 }),
      ],
    ]);
    renderAdmin('/admin/login');
    await screen.findByRole('heading', { name: 'Admin Login' });
    await retype(user, 'Email', 'admin@marketplace.mw');
    await retype(user, 'Password', 'malawi-demo-admin');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'My Account' })).toBeInTheDocument();
    expect(await screen.findByText(/Back-office accounts need two-step login/)).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/admin/account');
    // Nothing else of the back-office is offered meanwhile.
    expect(screen.queryAllByRole('link', { name: 'Orders' })).toHaveLength(0);
  });
});
