import type { AdminReportedItem } from '@marketplace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock';
import { ADMIN_ME, renderAdmin, signIn } from '../test/render-admin';

afterEach(() => vi.restoreAllMocks());

const hidden: AdminReportedItem = {
  product_id: 12,
  name: 'Samsung A14',
  is_published: false,
  awaiting_review: true,
  visitors: 4,
  proved_phones: 3,
  last_reported_at: '2026-11-20T10:00:00.000Z',
  reports: [
    { reason: 'looks_stolen', note: 'Same as my lost phone', created_at: '2026-11-20T10:00:00.000Z' },
    { reason: 'wrong_price', note: null, created_at: '2026-11-20T09:00:00.000Z' },
  ],
};

describe('reports queue', () => {
  it('shows the reported item awaiting review and dismisses its reports after a confirm', async () => {
    signIn();
    const user = userEvent.setup();
    let items = [hidden];
    const api = mockApi([
      [/^GET \/api\/v1\/auth\/me$/, () => json(ADMIN_ME)],
      [
        /^GET \/api\/admin\/reports\?limit=10&offset=0$/,
        () => json({ items, total: items.length, limit: 10, offset: 0 }),
      ],
      [
        /^POST \/api\/admin\/reports\/12\/dismiss$/,
        () => {
          items = [];
          return json({ product_id: 12, decision: 'dismiss' });
        },
      ],
    ]);
    renderAdmin('/admin/reports');
    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('link', { name: 'Samsung A14' })).toHaveAttribute('href', '/admin/products/12');
    expect(row).toHaveTextContent('Hidden, awaiting review');
    expect(row).toHaveTextContent('Looks stolen: Same as my lost phone');
    expect(row).toHaveTextContent('Wrong price');
    expect(within(row).getAllByRole('cell')[3]).toHaveTextContent('4');
    expect(within(row).getAllByRole('cell')[4]).toHaveTextContent('3');
    expect(within(row).getByRole('button', { name: 'Keep hidden Samsung A14' })).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Dismiss reports of Samsung A14' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Please confirm' });
    expect(dialog).toHaveTextContent('Dismiss the reports of Samsung A14? It goes back on sale.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('No open reports.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        api.mock.calls.some(([url, init]) => String(url).endsWith('/reports/12/dismiss') && init?.method === 'POST'),
      ).toBe(true),
    );
  });
});
