import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from '../../lib/router';
import { json, mockApi } from '../../test/fetch-mock';
import { renderWithRouter } from '../../test/render';
import { retype } from '../../test/typing';
import { ConfirmAccountPage } from './ConfirmAccountPage';

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

const LINK = 'Cnf_confirm-link-token-0000000000000000001';
const CONFIRM_URL = new RegExp(`^POST /api/v1/account/confirm/${LINK}$`);
const SESSION = { token: 'seller-session-token-000000000001', display_name: 'Chikondi Banda', role: 'User' };
const LINK_INVALID = 'This link has expired or was already used. Please make your account again from your item page.';

function renderConfirm() {
  return renderWithRouter(
    <Routes>
      <Route path="/account/confirm/:token" element={<ConfirmAccountPage />} />
      <Route path="/account" element={<h1>Seller account page</h1>} />
    </Routes>,
    `/account/confirm/${LINK}`,
  );
}

describe('/account/confirm/{token}', () => {
  it('does nothing on opening (mail scanners open links); the seller chooses the password, and is logged in', async () => {
    const user = userEvent.setup();
    const spy = mockApi([[CONFIRM_URL, () => json(SESSION, 201)]]);
    renderConfirm();
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your seller account' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'You asked for a seller account with this email address. Choose its password to make it and log in.',
      ),
    ).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();

    await retype(user, 'Choose a password', 'short');
    await user.click(screen.getByRole('button', { name: 'Confirm and log in' }));
    expect(await screen.findByText('Password must be at least 10 characters')).toBeInTheDocument();
    await retype(user, 'Choose a password', 'kwacha-2026-banda');
    await retype(user, 'Type it again', 'kwacha-2026-bnada');
    await user.click(screen.getByRole('button', { name: 'Confirm and log in' }));
    expect(await screen.findByText('The two passwords are not the same')).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();

    await retype(user, 'Type it again', 'kwacha-2026-banda');
    await user.click(screen.getByRole('button', { name: 'Confirm and log in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Seller account page' })).toBeInTheDocument();
    expect(spy).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(spy.mock.calls[0]![1]!.body))).toEqual({ password: 'kwacha-2026-banda' });
    expect(window.localStorage.getItem('sellerToken')).toBe(SESSION.token);
  });

  it("shows a refused password under its field, an expired link's message above the button, and logs nobody in", async () => {
    const user = userEvent.setup();
    const COMMON = 'This password is too common: it appears in lists of leaked passwords. Please choose another.';
    let answer = () => json({ status: 400, message: COMMON, errors: { password: COMMON } }, 400);
    mockApi([[CONFIRM_URL, () => answer()]]);
    renderConfirm();
    await retype(user, 'Choose a password', 'password123');
    await retype(user, 'Type it again', 'password123');
    await user.click(screen.getByRole('button', { name: 'Confirm and log in' }));
    expect(await screen.findByText(COMMON)).toBeInTheDocument();

    answer = () => json({ status: 404, message: LINK_INVALID }, 404);
    await user.click(screen.getByRole('button', { name: 'Confirm and log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LINK_INVALID);
    expect(window.localStorage.getItem('sellerToken')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your seller account' })).toBeInTheDocument();

    // No message from the server: the call's own words; the button works again.
    answer = () => new Response('<html>Bad gateway</html>', { status: 502 });
    await user.click(screen.getByRole('button', { name: 'Confirm and log in' }));
    expect(await screen.findByText('Could not make your account. Please try again.')).toHaveRole('alert');
    expect(screen.getByRole('button', { name: 'Confirm and log in' })).toBeEnabled();
    expect(window.localStorage.getItem('sellerToken')).toBeNull();
  });
});
