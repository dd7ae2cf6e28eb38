import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock';
import { ADMIN_ME, renderAdmin, signIn } from '../test/render-admin';

afterEach(() => vi.restoreAllMocks());

const MPHATSO = {
  id: 2,
  displayName: 'Mphatso',
  first_name: 'Mphatso',
  last_name: 'Phiri',
  email: 'mphatso@example.mw',
  role: 'User',
  status: 'active',
  created_at: '2025-08-01T10:00:00.000Z',
};
const RESET_URL = /^POST \/api\/admin\/users\/2\/password-reset$/;

function editScreen(reset: () => Response) {
  signIn();
  const spy = mockApi([
    [/^GET \/api\/v1\/auth\/me$/, () => json(ADMIN_ME)],
    [/^GET \/api\/admin\/users\/2$/, () => json(MPHATSO)],
    [RESET_URL, reset],
  ]);
  renderAdmin('/admin/users/2');
  return spy;
}

const resetCalls = (spy: ReturnType<typeof mockApi>) =>
  spy.mock.calls.filter(([input, init]) => init?.method === 'POST' && String(input).endsWith('/password-reset'));

describe('edit user: the password reset link', () => {
  it('mails the user a link when the Admin asks, and says where it went', async () => {
    const user = userEvent.setup();
    const spy = editScreen(() => new Response(null, { status: 202 }));
    const section = await screen.findByRole('region', { name: 'Password' });
    expect(section).toHaveTextContent('Email this user a link to set a new password. It works once, for 30 minutes.');
    // Opening the screen sends nothing.
    expect(resetCalls(spy)).toHaveLength(0);

    await user.click(within(section).getByRole('button', { name: 'Send password reset link' }));
    expect(await screen.findByText('Password reset link sent to mphatso@example.mw')).toBeInTheDocument();
    expect(resetCalls(spy)).toHaveLength(1);
    expect(within(section).getByRole('button', { name: 'Send password reset link' })).toBeEnabled();
    // The edit form is untouched: nothing was saved.
    expect(spy.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    expect(screen.getByLabelText('Email')).toHaveValue('mphatso@example.mw');
  });

  it("shows the server's refusal, or the call's own words when it gives none", async () => {
    const user = userEvent.setup();
    let answer = () => json({ status: 404, message: 'User not found' }, 404);
    editScreen(() => answer());
    const button = await screen.findByRole('button', { name: 'Send password reset link' });
    await user.click(button);
    expect(await screen.findByText('User not found')).toBeInTheDocument();
    expect(screen.queryByText(/Password reset link sent/)).not.toBeInTheDocument();

    answer = () => new Response('<html>Bad gateway</html>', { status: 502 });
    await user.click(button);
    expect(await screen.findByText('Failed to send the password reset link')).toBeInTheDocument();
  });
});

describe('edit user: a locked two-step login (docs/decisions/0085)', () => {
  const LOCKED = { ...MPHATSO, role: 'Moderator', second_factor: true, second_factor_locked: true };
  const UNLOCK_URL = /^POST \/api\/admin\/users\/2\/second-factor\/unlock$/;

  it('says it is locked and lets the Admin unlock it, keeping the reset apart', async () => {
    const user = userEvent.setup();
    let current: object = LOCKED;
    signIn();
    const spy = mockApi([
      [/^GET \/api\/v1\/auth\/me$/, () => json(ADMIN_ME)],
      [/^GET \/api\/admin\/users\/2$/, () => json(current)],
      [
        UNLOCK_URL,
        () => {
          current = { ...LOCKED, second_factor_locked: false };
          return new Response(null, { status: 204 });
        },
      ],
    ]);
    renderAdmin('/admin/users/2');
    const section = await screen.findByRole('region', { name: 'Two-step login' });
    expect(section).toHaveTextContent('Locked after 10 wrong codes in a row');
    expect(within(section).getByRole('button', { name: 'Reset two-step login' })).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Unlock two-step login' }));
    expect(await screen.findByText('Two-step login unlocked for mphatso@example.mw')).toBeInTheDocument();
    expect(spy.mock.calls.filter(([input]) => String(input).endsWith('/second-factor/unlock'))).toHaveLength(1);
    expect(await within(section).findByText(/^On\./)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Unlock two-step login' })).not.toBeInTheDocument();
  });

  it('offers no unlock when it is not locked', async () => {
    signIn();
    mockApi([
      [/^GET \/api\/v1\/auth\/me$/, () => json(ADMIN_ME)],
      [/^GET \/api\/admin\/users\/2$/, () => json({ ...LOCKED, second_factor_locked: false })],
    ]);
    renderAdmin('/admin/users/2');
    const section = await screen.findByRole('region', { name: 'Two-step login' });
    expect(within(section).queryByRole('button', { name: 'Unlock two-step login' })).not.toBeInTheDocument();
  });
});
