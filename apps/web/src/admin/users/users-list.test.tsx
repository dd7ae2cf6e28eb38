import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock';
import { ADMIN_ME, renderAdmin, signIn } from '../test/render-admin';

afterEach(() => vi.restoreAllMocks());

const aUser = (id: number, displayName: string, role = 'User') => ({
  id,
  displayName,
  first_name: displayName,
  last_name: 'Phiri',
  email: `${displayName.toLowerCase()}@example.mw`,
  role,
  status: 'active',
  created_at: '2025-08-01T10:00:00.000Z',
});

describe('users list', () => {
  it('asks before deleting, then deletes and toasts', async () => {
    const user = userEvent.setup();
    signIn();
    let users = [aUser(1, 'Admin', 'Admin'), aUser(2, 'Mphatso')];
    const fetchSpy = mockApi([
      [/^GET \/api\/v1\/auth\/me$/, () => json(ADMIN_ME)],
      [
        /^GET \/api\/admin\/users\?limit=50&offset=0$/,
        () => json({ users, total: users.length, limit: 50, offset: 0 }),
      ],
      [
        /^DELETE \/api\/admin\/users\/2$/,
        () => {
          users = users.filter((u) => u.id !== 2);
          return new Response(null, { status: 204 });
        },
      ],
    ]);
    renderAdmin('/admin/users');
    const row = (await screen.findByText('mphatso@example.mw')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Actions for Mphatso' }));
    expect(screen.getByRole('link', { name: 'View' })).toHaveAttribute('href', '/admin/users/2');
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/admin/users/2');

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this user?');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await user.click(within(row).getByRole('button', { name: 'Actions for Mphatso' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    // Escape on a native <dialog> is its cancel event; jsdom has no keyboard handling for dialogs, so
    // user.keyboard('{Escape}') would do nothing: fire the cancel event the browser would.
    fireEvent(screen.getByRole('alertdialog'), new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Actions for Mphatso' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('User deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('mphatso@example.mw')).not.toBeInTheDocument());
  });

  it("shows the call's default when the server gives no message", async () => {
    signIn();
    mockApi([
      [/^GET \/api\/v1\/auth\/me$/, () => json(ADMIN_ME)],
      [/^GET \/api\/admin\/users/, () => new Response('oops', { status: 500 })],
    ]);
    renderAdmin('/admin/users');
    expect((await screen.findAllByText('Failed to fetch users')).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
