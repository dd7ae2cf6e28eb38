import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetOrder, MAX_PLACED_ORDERS, PLACED_ORDERS_KEY, readPlacedOrders, rememberOrders } from './placed-orders';

const token = (n: number) => `tok${String(n).padStart(2, '0')}`.padEnd(32, 'x');
const order = (n: number) => ({
  number: `MW-2345${n}`,
  token: token(n),
  shop_name: 'Chichiri Electronics',
  created_at: `2025-08-0${n}T10:00:00.000Z`,
});

describe('placed orders', () => {
  // The fixtures were placed in August 2025; reading them a day later keeps them.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-08-10T10:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('forgets a link 14 days after it was stored, and on request', () => {
    rememberOrders([order(1), order(9)]);
    vi.setSystemTime(new Date('2025-08-15T10:00:00.000Z'));
    expect(readPlacedOrders().map((o) => o.number)).toEqual(['MW-23451', 'MW-23459']);
    vi.setSystemTime(new Date('2025-08-15T10:00:01.000Z'));
    expect(readPlacedOrders().map((o) => o.number)).toEqual(['MW-23459']);
    expect(JSON.parse(window.localStorage.getItem(PLACED_ORDERS_KEY) ?? '[]')).toEqual([order(9)]);
    forgetOrder(token(9));
    expect(readPlacedOrders()).toEqual([]);
    expect(window.localStorage.getItem(PLACED_ORDERS_KEY)).toBe('[]');
  });

  it('starts empty and keeps newly placed orders in front', () => {
    expect(readPlacedOrders()).toEqual([]);
    rememberOrders([order(1)]);
    rememberOrders([order(2), order(3)]);
    expect(readPlacedOrders().map((o) => o.number)).toEqual(['MW-23452', 'MW-23453', 'MW-23451']);
  });

  it('keeps each order once and only the most recent ones', () => {
    rememberOrders([order(1)]);
    rememberOrders([order(1)]);
    expect(readPlacedOrders()).toHaveLength(1);
    for (let n = 0; n < MAX_PLACED_ORDERS + 3; n++)
      rememberOrders([{ ...order(1), token: token(n), number: `MW-N${n}` }]);
    expect(readPlacedOrders()).toHaveLength(MAX_PLACED_ORDERS);
    expect(readPlacedOrders()[0]?.number).toBe(`MW-N${MAX_PLACED_ORDERS + 2}`);
  });

  it('keeps only the reference, never the buyer or the items', () => {
    rememberOrders([{ ...order(1), buyer_name: 'Chikondi', phone: '+265999123456' } as ReturnType<typeof order>]);
    expect(JSON.parse(window.localStorage.getItem(PLACED_ORDERS_KEY) ?? '[]')).toEqual([order(1)]);
  });

  it('turns junk into nothing and drops malformed entries', () => {
    window.localStorage.setItem(PLACED_ORDERS_KEY, 'not json');
    expect(readPlacedOrders()).toEqual([]);
    window.localStorage.setItem(PLACED_ORDERS_KEY, '{"number":"MW-23451"}');
    expect(readPlacedOrders()).toEqual([]);
    window.localStorage.setItem(
      PLACED_ORDERS_KEY,
      JSON.stringify([
        order(1),
        { ...order(2), token: '../../admin' },
        { number: 5 },
        null,
        { ...order(3), shop_name: null },
      ]),
    );
    expect(readPlacedOrders().map((o) => o.number)).toEqual(['MW-23451', 'MW-23453']);
  });
});
