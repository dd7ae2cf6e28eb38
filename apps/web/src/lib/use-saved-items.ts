import { useSyncExternalStore } from 'react';
import { getSavedItems, subscribeSavedItems, type SavedItem } from './saved-items';

const SERVER_SNAPSHOT: readonly SavedItem[] = [];

/** The saved items, re-rendering on changes made here or in another tab. */
export function useSavedItems(): readonly SavedItem[] {
  return useSyncExternalStore(subscribeSavedItems, getSavedItems, () => SERVER_SNAPSHOT);
}
