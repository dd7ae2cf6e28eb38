import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from '../../lib/router';
import { json, mockApi } from '../../test/fetch-mock';
import { renderWithRouter } from '../../test/render';
import { retype } from '../../test/typing';
import { ResetPasswordPage } from './ResetPasswordPage';

afterEach(() => vi.restoreAllMocks());

const LINK = 'Rst_reset-link-token-00000000000000000001';
const RESET_URL = new RegExp(`^POST /api/v1/auth/password-reset/${LINK}$`);
const COMMON = 'This password is too common: it appears in lists of leaked passwords. Please choose another.';
const LINK_INVALID = 'This link has expired or was already used. Please ask for a new one.';

function renderReset() {
  return renderWithRouter(
    <Routes>
      <Route path="/reset-password/:token" element={<ResetPasswordPage />} />
    </Routes>,
    `/reset-password/${LINK}`,
  );
}

const save = () => screen.getByRole('button', { name: 'Save my new password' });
/** The message shown under a field: the one its aria-describedby points at. */
const messageUnder = (label: string) => {
  const field = screen.getByLabelText(label);
  expect(field).toHaveAttribute('aria-invalid', 'true');
  return document.getElementById(`${field.id}-error`);
};

describe('/reset-password/{token}', () => {
  it('checks the two passwords before sending, then sets the new one and offers both log-ins', async () => {
    const user = userEvent.setup();
    const spy = mockApi([[RESET_URL, () => new Response(null, { status: 204 })]]);
    renderReset();
    expect(screen.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription('At least 10 characters');

    await user.click(save());
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    await retype(user, 'New password', 'short');
    await user.click(save());
    expect(await screen.findByText('Password must be at least 10 characters')).toBeInTheDocument();
    await retype(user, 'New password', 'kwacha-2026-banda');
    await retype(user, 'Type it again', 'kwacha-2026-bnada');
    await user.click(save());
    expect(await screen.findByText('The two passwords are not the same')).toBeInTheDocument();
    expect(messageUnder('Type it again')).toHaveTextContent('The two passwords are not the same');
    expect(spy).not.toHaveBeenCalled();

    await retype(user, 'Type it again', 'kwacha-2026-banda');
    await user.click(save());
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your password has been changed. You can now log in with it.',
    );
    expect(spy).toHaveBeenCalledTimes(1);
    // Only the password goes: the second typing is the form's own check.
    expect(JSON.parse(String(spy.mock.calls[0]![1]!.body))).toEqual({ password: 'kwacha-2026-banda' });
    expect(screen.getByRole('link', { name: 'Seller log in' })).toHaveAttribute('href', '/account');
    expect(screen.getByRole('link', { name: 'Staff log in' })).toHaveAttribute('href', '/admin/login');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it("shows a password the server refused under the field, and an expired or used link's message above the button", async () => {
    const user = userEvent.setup();
    let answer = () => json({ status: 400, message: COMMON, errors: { password: COMMON } }, 400);
    const spy = mockApi([[RESET_URL, () => answer()]]);
    renderReset();
    await retype(user, 'New password', 'password123');
    await retype(user, 'Type it again', 'password123');
    await user.click(save());
    expect(await screen.findByText(COMMON)).toBeInTheDocument();
    expect(messageUnder('New password')).toHaveTextContent(COMMON);
    expect(screen.getByLabelText('New password')).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    // The server's own length rule, worded by it, lands in the same place.
    answer = () =>
      json(
        {
          status: 400,
          message: 'Password must be at least 10 characters',
          errors: { password: 'Password must be at least 10 characters' },
        },
        400,
      );
    await retype(user, 'New password', 'kwacha-2026-banda');
    await retype(user, 'Type it again', 'kwacha-2026-banda');
    await user.click(save());
    expect(await screen.findByText('Password must be at least 10 characters')).toBeInTheDocument();
    expect(messageUnder('New password')).toHaveTextContent('Password must be at least 10 characters');

    answer = () => json({ status: 404, message: LINK_INVALID }, 404);
    await user.click(save());
    expect(await screen.findByText(LINK_INVALID)).toHaveRole('alert');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveValue('kwacha-2026-banda');
    expect(spy).toHaveBeenCalledTimes(3);
  });
});
