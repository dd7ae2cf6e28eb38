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
      [/^GET \/api\/admin\/moves$/, () => json({ moves: [] })],
      [
        /^POST \/api\/admin\/transfer-requests\/4\/(accept|decline)$/,
        (url, init) => {
          calls.push({ path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
          return json({ transfer_requests: [] });
        },
      ],
    ]);
    renderAdmin('/admin/transfers');
    const table = await screen.findByRole('region', { name: 'Transfer requests' });
    expect(await screen.findByText('No items on their way between shops.')).toBeInTheDocument();
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

  it("offers Mark received only to the destination's Shop staff; either end may cancel", async () => {
    const user = userEvent.setup();
    const calls: string[] = [];
    const move = (id: number, to: { id: number; name: string; town: string }) => ({
      id,
      state: 'in_transit',
      product_id: id * 10,
      product_name: `Item ${id}`,
      from_shop: { id: to.id === 2 ? 1 : 2, name: 'Other Shop', town: 'Blantyre' },
      to_shop: to,
      created_at: '2025-08-01T10:00:00.000Z',
      closed_at: null,
    });
    let moves = [
      move(1, { id: 2, name: 'Mzuzu Shop', town: 'Mzuzu' }),
      move(2, { id: 1, name: 'Area 3', town: 'Lilongwe' }),
    ];
    signIn();
    mockApi([
      [/^GET \/api\/v1\/auth\/me$/, () => json({ ...ADMIN_ME, role: 'Shop staff', shop_id: 2 })],
      [/^GET \/api\/admin\/transfer-requests$/, () => json({ transfer_requests: [] })],
      [/^GET \/api\/admin\/moves$/, () => json({ moves })],
      [
        /^POST \/api\/admin\/products\/\d+\/move\/(receive|cancel)$/,
        (url) => {
          calls.push(url.pathname);
          moves = moves.filter((m) => !url.pathname.includes(`/${m.product_id}/`));
          return json({ product_id: 10, current: null, history: [] });
        },
      ],
    ]);
    renderAdmin('/admin/transfers');
    const table = await screen.findByRole('region', { name: 'Items on their way' });
    expect(await within(table).findByRole('button', { name: 'Mark received: Item 1' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Mark received: Item 2' })).not.toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Mark received: Item 1' }));
    expect(await screen.findByText('Item received')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Cancel move: Item 2' }));
    expect(await screen.findByText('No items on their way between shops.')).toBeInTheDocument();
    expect(calls).toEqual(['/api/admin/products/10/move/receive', '/api/admin/products/20/move/cancel']);
  });
});
