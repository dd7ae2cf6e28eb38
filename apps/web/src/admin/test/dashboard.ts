import type { Dashboard } from '@marketplace/shared';

/** GET /admin/dashboard for an empty shop: every part the page reads, all zero. */
export const emptyDashboard: Dashboard = {
  stats: { products: 0, orders: 0, users: 0, pendingOrders: 0, revenueThisWeek: 0, marginThisWeek: 0 },
  reservations: { last_hour: 0, alarm_per_hour: 20, alarm: false },
  paid_waiting: { orders: 0, days: 3 },
  orders_by_day: [],
  after_sale: { by_shop: [], refunded_this_week: 0, rate_by_category: [] },
  recent_actions: [],
};
