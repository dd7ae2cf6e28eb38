import type { AdminOrderSummary } from '@marketplace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock';
import { ADMIN_ME, renderAdmin, signIn } from '../test/render-admin';

afterEach(() => vi.restoreAllMocks());

type Handler = (url: URL, init: RequestInit | undefined) => Response;
const me: [RegExp, Handler] = [/^GET \/api\/v1\/auth\/me$/, () => json(ADMIN_ME)];
const shopList = {
  shops: [
    {
      id: 3,
      name: 'Lilongwe City Mall',
      address: 'Area 3',
      town: 'Lilongwe',
      hours: 'Mon-Sat 8-17',
      contact: 'Mon-Sat 8-17',
      phone: null,
      delivery_fee: null,
    },
    {
      id: 4,
      name: 'Blantyre Shop',
      address: 'Victoria Ave',
      town: 'Blantyre',
      hours: 'Mon-Fri 8-17',
      contact: 'Mon-Fri 8-17',
      phone: null,
      delivery_fee: 3000,
    },
  ],
  total: 2,
  limit: 100,
  offset: 0,
};
const shops: [RegExp, Handler] = [/^GET \/api\/admin\/shops\?limit=100&offset=0$/, () => json(shopList)];

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const MIN = 60_000;

function aSummary(overrides: Partial<AdminOrderSummary> = {}): AdminOrderSummary {
  return {
    id: 7,
    number: 'MW-4K7Q2',
    status: 'Placed',
    fulfilment: 'collect',
    buyer_name: 'Thoko Banda',
    phone: '+265999123456',
    shop: { id: 3, name: 'Lilongwe City Mall' },
    item_count: 2,
    total: 485000,
    created_at: ago(5 * MIN),
    expires_at: ago(-47 * 60 * MIN),
    ...overrides,
  };
}

const page = (orders: AdminOrderSummary[], total = orders.length, offset = 0) =>
  json({ orders, total, limit: 20, offset });

/** The query of every orders list request, in order. */
function listQueries(fetchSpy: ReturnType<typeof mockApi>): string[] {
  return fetchSpy.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === '/api/admin/orders')
    .map((url) => url.search);
}

describe('orders list', () => {
  it('shows number, status, shop, buyer, items, total, age and a View link per order', async () => {
    signIn();
    mockApi([
      me,
      shops,
      [
        /^GET \/api\/admin\/orders\?limit=20&offset=0$/,
        () =>
          page([
            aSummary(),
            aSummary({
              id: 6,
              number: 'MW-9PQR3',
              status: 'Out for delivery',
              fulfilment: 'delivery',
              buyer_name: 'Chikondi Phiri',
              phone: '+265888234567',
              shop: null,
              item_count: 1,
              total: 1250000,
              created_at: ago(3 * 60 * MIN + 10 * MIN),
            }),
            aSummary({ id: 5, number: 'MW-ABCDE', status: 'Completed', created_at: ago(2 * 24 * 60 * MIN + 60 * MIN) }),
            aSummary({ id: 4, number: 'MW-FGHJK', status: 'Expired', created_at: ago(3 * 24 * 60 * MIN) }),
          ]),
      ],
    ]);
    renderAdmin('/admin/orders');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Order', 'Status', 'Shop', 'Buyer', 'Items', 'Total', 'Age', 'View']);
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(screen.getByText('4 orders')).toBeInTheDocument();

    const first = within(screen.getByTestId('order-row-7'));
    expect(first.getByText('MW-4K7Q2')).toBeInTheDocument();
    expect(first.getByText('Collect')).toBeInTheDocument();
    expect(first.getByText('Placed')).toHaveClass('bg-amber-100');
    expect(first.getByText('Lilongwe City Mall')).toBeInTheDocument();
    expect(first.getByText('Thoko Banda')).toBeInTheDocument();
    expect(first.getByText('+265 999 123 456')).toBeInTheDocument();
    expect(first.getByText('2')).toBeInTheDocument();
    expect(first.getByText('MWK 485,000')).toBeInTheDocument();
    expect(first.getByText('5 min')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'View order MW-4K7Q2' })).toHaveAttribute('href', '/admin/orders/7');

    const second = within(screen.getByTestId('order-row-6'));
    expect(second.getByText('Out for delivery')).toHaveClass('bg-sky-100');
    expect(second.getByText('Delivery')).toBeInTheDocument();
    expect(second.getByText('Unknown')).toBeInTheDocument();
    expect(second.getByText('MWK 1,250,000')).toBeInTheDocument();
    expect(second.getByText('3 h')).toBeInTheDocument();
    expect(within(screen.getByTestId('order-row-5')).getByText('Completed')).toHaveClass('bg-green-100');
    expect(within(screen.getByTestId('order-row-5')).getByText('2 d')).toBeInTheDocument();
    expect(within(screen.getByTestId('order-row-4')).getByText('Expired')).toHaveClass('bg-red-100');

    // The sidebar marks Orders, right after Dashboard.
    const nav = screen.getAllByRole('navigation', { name: 'Back-office' })[0]!;
    const links = within(nav).getAllByRole('link');
    expect(links[1]!.textContent).toBe('Orders');
    expect(links[1]!).toHaveAttribute('aria-current', 'page');
  });

  it('puts the status and shop filters into the request and the URL, and back to page 1', async () => {
    const user = userEvent.setup();
    signIn();
    const fetchSpy = mockApi([
      me,
      shops,
      [/^GET \/api\/admin\/orders\?limit=20&offset=0$/, () => page([aSummary()], 45)],
      [/^GET \/api\/admin\/orders\?limit=20&offset=20$/, () => page([aSummary({ id: 8, number: 'MW-22222' })], 45, 20)],
      [
        /^GET \/api\/admin\/orders\?status=Confirmed&limit=20&offset=0$/,
        () => page([aSummary({ id: 9, number: 'MW-33333', status: 'Confirmed' })]),
      ],
      [/^GET \/api\/admin\/orders\?status=Confirmed&shop_id=4&limit=20&offset=0$/, () => page([])],
    ]);
    renderAdmin('/admin/orders');
    await screen.findByText('MW-4K7Q2');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('MW-22222')).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/admin/orders?page=2');

    const status = screen.getByLabelText('Status') as HTMLSelectElement;
    expect(Array.from(status.options).map((o) => o.textContent)).toEqual([
      'All statuses',
      'Placed',
      'Confirmed',
      'Ready for collection',
      'Out for delivery',
      'Sent',
      'Completed',
      'Cancelled',
      'Expired',
    ]);
    await user.selectOptions(status, 'Confirmed');
    expect(await screen.findByText('MW-33333')).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/admin/orders?status=Confirmed');

    const shop = screen.getByLabelText('Shop') as HTMLSelectElement;
    await waitFor(() =>
      expect(Array.from(shop.options).map((o) => o.textContent)).toEqual([
        'All shops',
        'Blantyre Shop',
        'Lilongwe City Mall',
      ]),
    );
    await user.selectOptions(shop, '4');
    expect(await screen.findByText('No orders match these filters.')).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/admin/orders?status=Confirmed&shop_id=4');
    expect(listQueries(fetchSpy)).toEqual([
      '?limit=20&offset=0',
      '?limit=20&offset=20',
      '?status=Confirmed&limit=20&offset=0',
      '?status=Confirmed&shop_id=4&limit=20&offset=0',
    ]);
  });

  it('reads the filters back from the URL (reload, Back) and clears them', async () => {
    const user = userEvent.setup();
    signIn();
    const fetchSpy = mockApi([
      me,
      shops,
      [
        /^GET \/api\/admin\/orders\?status=Ready\+for\+collection&shop_id=3&limit=20&offset=20$/,
        () => page([aSummary({ status: 'Ready for collection' })], 21, 20),
      ],
      [/^GET \/api\/admin\/orders\?limit=20&offset=0$/, () => page([])],
    ]);
    renderAdmin('/admin/orders?status=Ready+for+collection&shop_id=3&page=2');
    expect(await screen.findByText('MW-4K7Q2')).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('Ready for collection');
    expect(screen.getByLabelText('Shop')).toHaveValue('3');
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), '');
    await user.selectOptions(screen.getByLabelText('Shop'), '');
    expect(await screen.findByText('No orders yet.')).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/admin/orders');
    expect(listQueries(fetchSpy).at(-1)).toBe('?limit=20&offset=0');
  });

  it('ignores a status or shop the server would refuse, and Clear filters empties the URL', async () => {
    const user = userEvent.setup();
    signIn();
    const fetchSpy = mockApi([
      me,
      shops,
      [/^GET \/api\/admin\/orders\?shop_id=77&limit=20&offset=0$/, () => page([])],
      [/^GET \/api\/admin\/orders\?limit=20&offset=0$/, () => page([aSummary()])],
    ]);
    renderAdmin('/admin/orders?status=Lost&shop_id=77');
    expect(await screen.findByText('No orders match these filters.')).toBeInTheDocument();
    // A shop that is not in the list (deleted since) still shows as the chosen one.
    await waitFor(() => expect(screen.getByLabelText('Shop')).toHaveDisplayValue('Shop #77'));
    expect(screen.getByLabelText('Status')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('MW-4K7Q2')).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/admin/orders');
    expect(listQueries(fetchSpy)).toEqual(['?shop_id=77&limit=20&offset=0', '?limit=20&offset=0']);
  });

  it('says why the list failed and loads it again on Try again', async () => {
    const user = userEvent.setup();
    signIn();
    let calls = 0;
    mockApi([
      me,
      shops,
      [
        /^GET \/api\/admin\/orders\?limit=20&offset=0$/,
        () => {
          calls += 1;
          return calls === 1 ? new Response('', { status: 500 }) : page([aSummary()]);
        },
      ],
    ]);
    renderAdmin('/admin/orders');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getAllByText('Failed to fetch orders').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('MW-4K7Q2')).toBeInTheDocument();
  });
});
