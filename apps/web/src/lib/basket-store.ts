import { priceDigits } from '@marketplace/shared';
import { cardImageFile } from './images';
import { readStorage, writeStorage } from './storage';
import { storedValue } from './stored-value';
import type { CardProduct, ShopRef } from './product-types';

export const BASKET_KEY = 'basket';

/** A snapshot of the product when it was added, so the basket shows at once, even offline. */
export interface BasketItem {
  id: number;
  name: string;
  price: number | string | null;
  location: string | null;
  cover_image_url: string | null;
  /** Which shop holds it (name and town shown per line); null for items added before shops were known. */
  shop: ShopRef | null;
}

const EMPTY: readonly BasketItem[] = Object.freeze([]);

function isBasketItem(value: unknown): value is BasketItem {
  if (!value || typeof value !== 'object') return false;
  const item = value as Record<string, unknown>;
  return Number.isInteger(item.id) && typeof item.name === 'string';
}

function shopOf(value: unknown): ShopRef | null {
  if (!value || typeof value !== 'object') return null;
  const shop = value as Record<string, unknown>;
  return Number.isInteger(shop.id) && typeof shop.name === 'string' && typeof shop.town === 'string'
    ? { id: shop.id as number, name: shop.name, town: shop.town }
    : null;
}

/** Whatever is stored (another version's shape, hand-edited junk) becomes a clean list of unique items. */
export function parseBasket(raw: string | null): readonly BasketItem[] {
  if (!raw) return EMPTY;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return EMPTY;
  }
  if (!Array.isArray(data)) return EMPTY;
  const seen = new Set<number>();
  const items: BasketItem[] = [];
  for (const entry of data) {
    if (!isBasketItem(entry) || seen.has(entry.id)) continue;
    seen.add(entry.id);
    items.push({
      id: entry.id,
      name: entry.name,
      price: typeof entry.price === 'number' || typeof entry.price === 'string' ? entry.price : null,
      location: typeof entry.location === 'string' ? entry.location : null,
      cover_image_url: typeof entry.cover_image_url === 'string' ? entry.cover_image_url : null,
      shop: shopOf(entry.shop),
    });
  }
  return items;
}

// What this tab saved last, only while the browser keeps nothing (private browsing, a full quota): where
// storage works it alone is the basket, so another tab emptying it empties it here too.
let memoryRaw: string | null = null;

const basket = storedValue({
  raw: () => readStorage(BASKET_KEY) ?? memoryRaw,
  parse: parseBasket,
  watches: (key) => key === BASKET_KEY,
});

export const getBasket = basket.get;
export const subscribeBasket = basket.subscribe;

function save(items: readonly BasketItem[]): void {
  const raw = items.length ? JSON.stringify(items) : null;
  memoryRaw = writeStorage(BASKET_KEY, raw) ? null : raw;
  basket.changed();
}

export function isInBasket(id: number): boolean {
  return getBasket().some((item) => item.id === id);
}

/** Second-hand items are unique: adding one already there changes nothing. Returns whether it was added. */
export function addToBasket(product: CardProduct): boolean {
  if (isInBasket(product.id)) return false;
  save([
    ...getBasket(),
    {
      id: product.id,
      name: product.name,
      price: product.price ?? null,
      location: product.location ?? null,
      cover_image_url: cardImageFile(product),
      shop: shopOf(product.shop),
    },
  ]);
  return true;
}

/** Takes out the given items (one, or those an order has just taken or that were sold meanwhile). */
export function removeFromBasket(ids: number | readonly number[]): void {
  const gone = new Set(typeof ids === 'number' ? [ids] : ids);
  const items = getBasket();
  if (items.some((item) => gone.has(item.id))) save(items.filter((item) => !gone.has(item.id)));
}

/** The server's new prices (a checkout refused because they changed) replace the snapshot's. */
export function setBasketPrices(prices: ReadonlyMap<number, number>): void {
  const items = getBasket();
  if (items.some((item) => prices.has(item.id) && item.price !== prices.get(item.id))) {
    save(items.map((item) => (prices.has(item.id) ? { ...item, price: prices.get(item.id) as number } : item)));
  }
}

export function clearBasket(): void {
  save(EMPTY);
}

/** Sum in MWK of the given items, prices read the way the cards read them. */
export function basketTotal(items: readonly Pick<BasketItem, 'price'>[]): number {
  return items.reduce((sum, item) => sum + Number(priceDigits(item.price)), 0);
}
