import { orderTokenPattern as TOKEN } from '@marketplace/shared';
import { readStorage, writeStorage } from './storage';

export const PLACED_ORDERS_KEY = 'placed-orders';
/** Enough to find recent orders again; older ones are still reachable through their saved links. */
export const MAX_PLACED_ORDERS = 10;
/**
 * A shared phone must not show the next person a buyer's orders for ever: a link is forgotten 14 days after
 * it was stored (the order's created_at: it is stored the moment the order is placed), when the order ends,
 * or when the buyer says so (docs/decisions/0047).
 */
const PLACED_ORDER_DAYS = 14;
const KEEP_MS = PLACED_ORDER_DAYS * 24 * 60 * 60 * 1000;

/** What this browser remembers of an order it placed: no buyer details, only how to find it again. */
export interface PlacedOrderRef {
  number: string;
  /** The private link's token: whoever has it can see and cancel the order, so it stays on this device. */
  token: string;
  shop_name: string | null;
  created_at: string;
}

function isRef(value: unknown): value is PlacedOrderRef {
  if (!value || typeof value !== 'object') return false;
  const ref = value as Record<string, unknown>;
  return (
    typeof ref.number === 'string' &&
    typeof ref.token === 'string' &&
    TOKEN.test(ref.token) &&
    typeof ref.created_at === 'string' &&
    (ref.shop_name === null || typeof ref.shop_name === 'string')
  );
}

/** Newest first; junk (another version's shape, hand edits) is dropped rather than breaking the basket. */
export function readPlacedOrders(): PlacedOrderRef[] {
  let data: unknown;
  try {
    data = JSON.parse(readStorage(PLACED_ORDERS_KEY) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const refs = data.filter(isRef);
  const kept = refs.filter((ref) => !(Date.now() - Date.parse(ref.created_at) > KEEP_MS));
  if (kept.length < refs.length) writeStorage(PLACED_ORDERS_KEY, JSON.stringify(kept));
  return kept
    .map(({ number, token, shop_name, created_at }) => ({ number, token, shop_name, created_at }))
    .slice(0, MAX_PLACED_ORDERS);
}

/** Removes the order's link from this phone (it ended, or the buyer asked). */
export function forgetOrder(token: string): void {
  const refs = readPlacedOrders();
  const kept = refs.filter((ref) => ref.token !== token);
  if (kept.length < refs.length) writeStorage(PLACED_ORDERS_KEY, JSON.stringify(kept));
}

/** Keeps newly placed orders in front of the ones already remembered. */
export function rememberOrders(orders: readonly PlacedOrderRef[]): void {
  const fresh = orders.map(({ number, token, shop_name, created_at }) => ({ number, token, shop_name, created_at }));
  const tokens = new Set(fresh.map((order) => order.token));
  const kept = readPlacedOrders().filter((order) => !tokens.has(order.token));
  writeStorage(PLACED_ORDERS_KEY, JSON.stringify([...fresh, ...kept].slice(0, MAX_PLACED_ORDERS)));
}
