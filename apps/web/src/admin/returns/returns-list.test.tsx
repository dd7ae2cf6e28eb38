import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock';
import { ADMIN_ME, renderAdmin, signIn } from '../test/render-admin';
import { aReturn, SHOP_STAFF_ME, shopsRoute } from '../test/returns';

afterEach(() => vi.restoreAllMocks());

const page = (returns: ReturnType<typeof aReturn>[], total = returns.length) =>
  json({ returns, total, limit: 20, offset: 0 });

/** The query of every returns list request, in order. */
const listQueries = (fetchSpy: ReturnType<typeof mockApi>) =>
  fetchSpy.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === '/api/admin/returns')
    .map((url) => url.search);

describe('returns list', () => {
  it('shows reference, order, item, kind, status, shop and date; the reference opens it; Returns follows Orders', async () => {
    signIn();
    mockApi([
      [/^GET \/api\/v1\/auth\/me$/, () => json(ADMIN_ME)],
      shopsRoute,
      [
        /^GET \/api\/admin\/returns\?limit=20&offset=0$/,
        () =>
          page([
            aReturn(),
            aReturn({ id: 6, reference: 'R-9PQR3', kind: 'warranty', status: 'in_repair', shop_id: 4 }),
          ]),
      ],
    ]);
    renderAdmin('/admin/returns');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Reference', 'Order', 'Item', 'Kind', 'Status', 'Shop', 'Asked on']);
    expect(screen.getByText('2 returns')).toBeInTheDocument();
    const first = within(screen.getByTestId('return-row-5'));
    expect(first.getByRole('link', { name: 'R-7KQ2M' })).toHaveAttribute('href', '/admin/returns/5');
    expect(first.getByText('MW-4K7Q2')).toBeInTheDocument();
    expect(first.getByText('Samsung Galaxy A14')).toBeInTheDocument();
    expect(first.getByText('Return')).toBeInTheDocument();
    expect(first.getByText('Requested')).toHaveClass('bg-amber-100');
    await waitFor(() => expect(first.getByText('Lilongwe City Mall')).toBeInTheDocument());
    const second = within(screen.getByTestId('return-row-6'));
    expect(second.getByText('Warranty')).toBeInTheDocument();
    expect(second.getByText('In repair')).toBeInTheDocument();
    expect(second.getByText('Blantyre Shop')).toBeInTheDocument();

    const nav = screen.getAllByRole('navigation', { name: 'Back-office' })[0]!;
    const links = within(nav).getAllByRole('link');
    expect(links[1]!.textContent).toBe('Orders');
    expect(links[2]!.textContent).toBe('Returns');
    expect(links[2]!).toHaveAttribute('aria-current', 'page');
  });

  it('puts the status and shop filters into the request and the URL, and clears them', async () => {
    const user = userEvent.setup();
    signIn();
    const fetchSpy = mockApi([
      [/^GET \/api\/v1\/auth\/me$/, () => json(ADMIN_ME)],
      shopsRoute,
      [/^GET \/api\/admin\/returns\?limit=20&offset=0$/, () => page([aReturn()])],
      [/^GET \/api\/admin\/returns\?status=received&limit=20&offset=0$/, () => page([aReturn({ status: 'received' })])],
      [/^GET \/api\/admin\/returns\?status=received&shop_id=4&limit=20&offset=0$/, () => page([])],
    ]);
    renderAdmin('/admin/returns');
    await screen.findByText('R-7KQ2M');
    const status = screen.getByLabelText('Status') as HTMLSelectElement;
    expect(Array.from(status.options).map((o) => o.textContent)).toEqual([
      'All statuses',
      'Requested',
      'Received',
      'In repair',
      'Back from repair',
      'Handed over',
      'Refunded',
      'Replaced',
      'Declined',
    ]);
    await user.selectOptions(status, 'received');
    expect(await screen.findByText('Received', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/admin/returns?status=received');

    const shop = screen.getByLabelText('Shop');
    await waitFor(() => expect(within(shop).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(shop, '4');
    expect(await screen.findByText('No returns match these filters.')).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/admin/returns?status=received&shop_id=4');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('R-7KQ2M')).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/admin/returns');
    expect(listQueries(fetchSpy)).toEqual([
      '?limit=20&offset=0',
      '?status=received&limit=20&offset=0',
      '?status=received&shop_id=4&limit=20&offset=0',
      '?limit=20&offset=0',
    ]);
  });

  it('offers Shop staff the status filter only: the server keeps their list to their shop', async () => {
    signIn('Tadala');
    mockApi([
      [/^GET \/api\/v1\/auth\/me$/, () => json(SHOP_STAFF_ME)],
      shopsRoute,
      [/^GET \/api\/admin\/returns\?limit=20&offset=0$/, () => page([aReturn()])],
    ]);
    renderAdmin('/admin/returns');
    await screen.findByText('R-7KQ2M');
    expect(screen.getByLabelText('Status')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('Shop')).not.toBeInTheDocument());
    const nav = screen.getAllByRole('navigation', { name: 'Back-office' })[0]!;
    expect(within(nav).getByRole('link', { name: 'Returns' })).toHaveAttribute('href', '/admin/returns');
  });

  it('says so when there are none yet', async () => {
    signIn();
    mockApi([
      [/^GET \/api\/v1\/auth\/me$/, () => json(ADMIN_ME)],
      shopsRoute,
      [/^GET \/api\/admin\/returns\?limit=20&offset=0$/, () => page([])],
    ]);
    renderAdmin('/admin/returns');
    expect(await screen.findByText('No returns or warranty claims yet.')).toBeInTheDocument();
  });
});
