import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock';
import { ADMIN_ME, renderAdmin, signIn } from '../test/render-admin';

afterEach(() => vi.restoreAllMocks());

const asked = {
  id: 4,
  product_id: 9,
  product_name: 'Samsung Galaxy A14',
  to_shop: { id: 2, name: 'Mzuzu Shop', town: 'Mzuzu' },
  buyer_name: 'Kondwani Phiri',
  phone: '+265991234567',
  created_at: '2025-08-01T10:00:00.000Z',
};

describe('transfer requests', () => {
  it('lists the open requests; declining sends the reason the buyer is told', async () => {
    const user = userEvent.setup();
    const calls: { path: string; body: unknown }[] = [];
    signIn();
    mockApi([
      [/^GET \/api\/v1\/auth\/me$/, () => json(ADMIN_ME)],
      [/^GET \/api\/admin\/transfer-requests$/, () => json({ transfer_requests: [asked] })],
      [
        /^POST \/api\/admin\/transfer-requests\/4\/(accept|decline)$/,
        (url, init) => {
          calls.push({ path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
          return json({ transfer_requests: [] });
        },
      ],
    ]);
    renderAdmin('/admin/transfers');
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Kondwani Phiri, +265991234567')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Decline Samsung Galaxy A14 to Mzuzu' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline the transfer' });
    await user.type(within(dialog).getByLabelText('Reason'), 'The screen is cracked');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('No open transfer requests.')).toBeInTheDocument();
    expect(calls).toEqual([
      { path: '/api/admin/transfer-requests/4/decline', body: { reason: 'The screen is cracked' } },
    ]);
  });
});
