import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock';
import { renderAdmin } from '../test/render-admin';

afterEach(() => vi.restoreAllMocks());

const TOKEN = 'u'.repeat(43);
const UNLOCK = /^POST \/api\/v1\/auth\/second-factor\/unlock\/u{43}$/;
const INVALID =
  'This unlock link is not valid: it was used already or has expired. Ask an Admin to unlock your two-step login.';

// docs/decisions/0085: the emailed link unlocks two-step login on a button press, never on opening.
describe('the unlock link’s page', () => {
  it('unlocks only when asked, then leads to the login', async () => {
    const user = userEvent.setup();
    const spy = mockApi([[UNLOCK, () => new Response(null, { status: 204 })]]);
    renderAdmin(`/admin/unlock-two-step/${TOKEN}`);
    const button = await screen.findByRole('button', { name: 'Unlock two-step login' });
    expect(spy).not.toHaveBeenCalled();
    await user.click(button);
    expect(await screen.findByText(/^Two-step login is unlocked./)).toHaveAttribute('role', 'status');
    expect(spy).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/admin/login');
  });

  it('says when the link is used or expired', async () => {
    const user = userEvent.setup();
    mockApi([[UNLOCK, () => json({ status: 404, message: INVALID, detail: INVALID }, 404)]]);
    renderAdmin(`/admin/unlock-two-step/${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Unlock two-step login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
  });
});
