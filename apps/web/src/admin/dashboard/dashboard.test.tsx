import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock';
import { emptyDashboard } from '../test/dashboard';
import { ADMIN_ME, renderAdmin, signIn } from '../test/render-admin';
import { LineChart, yTicks } from './LineChart';

afterEach(() => vi.restoreAllMocks());

const days = ['2025-08-07', '2025-08-08', '2025-08-09', '2025-08-10', '2025-08-11', '2025-08-12', '2025-08-13'];

describe('LineChart', () => {
  it('uses whole-number ticks that cover the largest value', () => {
    expect(yTicks(0)).toEqual([0, 1]);
    expect(yTicks(3)).toEqual([0, 1, 2, 3]);
    expect(yTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(yTicks(230).at(-1)).toBeGreaterThanOrEqual(230);
  });

  it('draws one point per day and gives the figures as a table', () => {
    render(
      <LineChart
        points={days.map((date, i) => ({ date, value: i }))}
        valueLabel="Orders"
        caption="Orders in Last 7 Days"
      />,
    );
    expect(screen.getByTestId('orders-chart').querySelectorAll('circle')).toHaveLength(7);
    const table = screen.getByRole('table', { name: 'Orders in Last 7 Days' });
    expect(within(table).getAllByRole('row')).toHaveLength(8);
    expect(within(table).getByText('6')).toBeInTheDocument();
  });
});

/** The session and the dashboard's answer, as the server would give them (the parts not given empty). */
function mockDashboard(answer: Record<string, unknown>) {
  signIn('Chikondi');
  mockApi([
    [/^GET \/api\/v1\/auth\/me$/, () => json(ADMIN_ME)],
    [/^GET \/api\/admin\/dashboard$/, () => json({ ...emptyDashboard, ...answer })],
  ]);
}

describe('dashboard', () => {
  it('greets by display name and shows the real figures', async () => {
    mockDashboard({
      stats: {
        products: 1234,
        orders: 5,
        users: 7,
        pendingOrders: 2,
        revenueThisWeek: 1250000,
        marginThisWeek: -40000,
      },
      reservations: { last_hour: 3, alarm_per_hour: 20, alarm: false },
      paid_waiting: { orders: 0, days: 14 },
      orders_by_day: days.map((date, i) => ({ date, orders: i % 3 })),
      recent_actions: [
        { id: 42, action: 'Created product Dell Latitude', time: '2025-08-13T09:30:00.000Z', actor: 'Chikondi' },
      ],
    });
    renderAdmin('/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome, Chikondi' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('stat-products').textContent).toBe('1,234'));
    expect(screen.getByTestId('stat-orders').textContent).toBe('5');
    expect(screen.getByTestId('stat-pendingOrders').textContent).toBe('2');
    const totals = within(screen.getByRole('list', { name: 'Totals' })).getAllByRole('listitem');
    expect(totals.map((card) => card.querySelector('p')?.textContent)).toEqual([
      'Products',
      'Orders',
      'Users',
      'Pending Orders',
      'Revenue This Week',
      'Margin This Week',
    ]);
    expect(screen.getByTestId('stat-revenueThisWeek').textContent).toBe('MWK 1,250,000');
    // More paid to sellers than kept this week: the margin says so with its sign.
    expect(screen.getByTestId('stat-marginThisWeek').textContent).toBe('−MWK 40,000');
    expect(screen.getByRole('heading', { name: 'Orders in Last 7 Days' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Recent Actions' })).toBeInTheDocument();
    expect(screen.getByText('Created product Dell Latitude')).toBeInTheDocument();
    expect(screen.getByText('#42')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('raises the alarm when more items were reserved in the last hour than the setting allows', async () => {
    mockDashboard({
      stats: { products: 30, orders: 40, users: 2, pendingOrders: 26, revenueThisWeek: 0, marginThisWeek: 0 },
      reservations: { last_hour: 26, alarm_per_hour: 20, alarm: true },
      paid_waiting: { orders: 0, days: 14 },
      orders_by_day: days.map((date) => ({ date, orders: 0 })),
      recent_actions: [],
    });
    renderAdmin('/admin/dashboard');
    const alarm = await screen.findByRole('alert');
    expect(alarm).toHaveTextContent(
      '26 items were reserved in the last hour, more than the 20 expected. Someone may be holding stock they will not buy: check the newest orders and cancel those that are not real.',
    );
    expect(within(alarm).getByRole('link', { name: 'Newest orders' })).toHaveAttribute(
      'href',
      '/admin/orders?status=Placed',
    );
  });

  it('tells staff of paid orders left waiting longer than the paid hold', async () => {
    mockDashboard({
      stats: { products: 3, orders: 4, users: 2, pendingOrders: 2, revenueThisWeek: 0, marginThisWeek: 0 },
      reservations: { last_hour: 0, alarm_per_hour: 20, alarm: false },
      paid_waiting: { orders: 2, days: 14 },
      orders_by_day: days.map((date) => ({ date, orders: 0 })),
      recent_actions: [],
    });
    renderAdmin('/admin/dashboard');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('2 paid orders have waited more than 14 days');
    expect(within(alert).getByRole('link', { name: 'Open orders' })).toHaveAttribute('href', '/admin/orders');
  });

  it("shows this week's returns and warranty claims per shop, the refunds, and the categories most returned", async () => {
    mockDashboard({
      after_sale: {
        by_shop: [
          { shop_id: 1, shop_name: 'Lilongwe City Centre Shop', returns: 2, warranty_claims: 1 },
          { shop_id: 2, shop_name: 'Mzuzu Shop', returns: 0, warranty_claims: 3 },
        ],
        refunded_this_week: 335_000,
        rate_by_category: [
          { category_id: 1, category_name: 'SmartPhones', came_back: 2, sold: 9 },
          { category_id: 2, category_name: 'Laptops and Computers', came_back: 0, sold: 4 },
        ],
      },
    });
    renderAdmin('/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'After the Sale This Week' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('refunded-this-week').textContent).toBe('MWK 335,000'));
    const table = screen.getByRole('table', { name: 'Returns and warranty claims this week, per shop' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['ShopReturnsWarranty claims', 'Lilongwe City Centre Shop21', 'Mzuzu Shop03']);
    expect(screen.getByRole('heading', { name: 'Items that came back, last 90 days' })).toBeInTheDocument();
    const rates = within(screen.getByRole('list', { name: 'Return rate per category' })).getAllByRole('listitem');
    expect(rates.map((item) => item.textContent)).toEqual([
      'SmartPhones2 of 9 (22%)',
      'Laptops and Computers0 of 4 (0%)',
    ]);
  });

  it('says when nothing came back this week', async () => {
    mockDashboard({});
    renderAdmin('/admin/dashboard');
    expect(await screen.findByText('No returns or warranty claims this week.')).toBeInTheDocument();
    expect(screen.getByTestId('refunded-this-week').textContent).toBe('MWK 0');
    expect(screen.getByText('No items sold yet.')).toBeInTheDocument();
  });
});
