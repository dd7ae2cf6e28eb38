import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addToBasket,
  BASKET_KEY,
  basketTotal,
  clearBasket,
  getBasket,
  isInBasket,
  parseBasket,
  removeFromBasket,
  setBasketPrices,
  subscribeBasket,
} from './basket-store';

const phone = {
  id: 1,
  name: 'Tecno Spark 10',
  price: 120000,
  location: 'Zomba',
  cover_image_url: null,
  image_gallery: ['g.webp'],
};
const tv = { id: 2, name: 'Hisense 43" TV', price: '350,000', location: null };

afterEach(() => clearBasket());

describe('basket store', () => {
  it('starts empty and keeps the same empty array (stable snapshot)', () => {
    expect(getBasket()).toEqual([]);
    expect(getBasket()).toBe(getBasket());
  });

  it('holds one of each item: adding twice keeps one', () => {
    expect(addToBasket(phone)).toBe(true);
    expect(addToBasket(phone)).toBe(false);
    expect(getBasket()).toHaveLength(1);
    expect(isInBasket(1)).toBe(true);
  });

  it('keeps a snapshot with the card image choice', () => {
    addToBasket(phone);
    expect(getBasket()[0]).toEqual({
      id: 1,
      name: 'Tecno Spark 10',
      price: 120000,
      location: 'Zomba',
      cover_image_url: 'g.webp',
      shop: null,
    });
  });

  it('persists to localStorage and removes items', () => {
    addToBasket(phone);
    addToBasket(tv);
    expect(JSON.parse(window.localStorage.getItem(BASKET_KEY) ?? '[]')).toHaveLength(2);
    removeFromBasket(1);
    expect(getBasket().map((item) => item.id)).toEqual([2]);
    removeFromBasket(2);
    expect(window.localStorage.getItem(BASKET_KEY)).toBeNull();
  });

  it('returns a new array only when something changed', () => {
    addToBasket(phone);
    const first = getBasket();
    expect(getBasket()).toBe(first);
    addToBasket(tv);
    expect(getBasket()).not.toBe(first);
  });

  it('totals prices given as numbers or text', () => {
    expect(basketTotal([{ price: 120000 }, { price: '350,000' }, { price: null }])).toBe(470000);
  });

  it('notifies subscribers on change and on another tab writing the basket', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeBasket(listener);
    addToBasket(phone);
    expect(listener).toHaveBeenCalledTimes(1);

    // Another tab: storage changes underneath, then the browser fires a storage event here.
    window.localStorage.setItem(BASKET_KEY, JSON.stringify([tv]));
    window.dispatchEvent(new StorageEvent('storage', { key: BASKET_KEY }));
    expect(listener).toHaveBeenCalledTimes(2);
    expect(getBasket().map((item) => item.id)).toEqual([2]);

    window.dispatchEvent(new StorageEvent('storage', { key: 'something-else' }));
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    addToBasket(phone);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('is empty here when another tab empties it (after an order), not the basket this tab saved last', () => {
    addToBasket(phone);
    window.localStorage.removeItem(BASKET_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: BASKET_KEY }));
    expect(getBasket()).toEqual([]);
  });

  it('keeps the basket in this tab when the browser keeps nothing (private window, full quota)', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    addToBasket(phone);
    expect(getBasket().map((item) => item.id)).toEqual([1]);
    vi.restoreAllMocks();
  });
});

describe('parseBasket', () => {
  it('turns junk into an empty basket', () => {
    expect(parseBasket('not json')).toEqual([]);
    expect(parseBasket('{"id":1}')).toEqual([]);
    expect(parseBasket(null)).toEqual([]);
  });

  it('drops malformed entries and duplicates', () => {
    const raw = JSON.stringify([
      { id: 1, name: 'A', price: 5 },
      { id: 1, name: 'A again' },
      { id: 'x', name: 'B' },
      { name: 'no id' },
      { id: 3, name: 'C', price: { bad: true } },
    ]);
    expect(parseBasket(raw)).toEqual([
      { id: 1, name: 'A', price: 5, location: null, cover_image_url: null, shop: null },
      { id: 3, name: 'C', price: null, location: null, cover_image_url: null, shop: null },
    ]);
  });

  it('keeps a well-formed shop and drops a malformed one', () => {
    const raw = JSON.stringify([
      { id: 1, name: 'A', shop: { id: 2, name: 'Zomba Shop', town: 'Zomba', phone: 'ignored' } },
      { id: 2, name: 'B', shop: { id: 'x', name: 'Bad' } },
      { id: 3, name: 'C', shop: 'Zomba' },
    ]);
    expect(parseBasket(raw).map((item) => item.shop)).toEqual([
      { id: 2, name: 'Zomba Shop', town: 'Zomba' },
      null,
      null,
    ]);
  });
});

describe('basket after an order', () => {
  it("remembers the shop's name and town when an item is added", () => {
    addToBasket({ ...phone, shop: { id: 4, name: 'Zomba Shop', town: 'Zomba' } });
    expect(getBasket()[0]?.shop).toEqual({ id: 4, name: 'Zomba Shop', town: 'Zomba' });
  });

  it('removes several items at once', () => {
    addToBasket(phone);
    addToBasket(tv);
    addToBasket({ id: 3, name: 'Radio', price: 9000 });
    removeFromBasket([1, 3, 99]);
    expect(getBasket().map((item) => item.id)).toEqual([2]);
  });

  it("takes the server's new prices and leaves the rest alone", () => {
    addToBasket(phone);
    addToBasket(tv);
    const listener = vi.fn();
    const unsubscribe = subscribeBasket(listener);
    setBasketPrices(new Map([[2, 330000]]));
    expect(getBasket().map((item) => item.price)).toEqual([120000, 330000]);
    expect(listener).toHaveBeenCalledTimes(1);
    // Nothing changed: no write, no re-render.
    setBasketPrices(
      new Map([
        [2, 330000],
        [42, 5],
      ]),
    );
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});
