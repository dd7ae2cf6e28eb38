import { useSyncExternalStore } from 'react';
import { getBasket, subscribeBasket, type BasketItem } from './basket-store';

const SERVER_SNAPSHOT: readonly BasketItem[] = [];

/** The basket's items, re-rendering on changes made here or in another tab. */
export function useBasket(): readonly BasketItem[] {
  return useSyncExternalStore(subscribeBasket, getBasket, () => SERVER_SNAPSHOT);
}
