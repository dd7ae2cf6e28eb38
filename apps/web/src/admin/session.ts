import { useSyncExternalStore } from 'react';
import { DEFAULT_DISPLAY_NAME } from '@marketplace/shared';
import { readStorage, writeStorage } from '../lib/storage';
import { storedValue } from '../lib/stored-value';

// docs/product.md#local-storage: the back-office session is the authToken and displayName keys.
const TOKEN_KEY = 'authToken';
const DISPLAY_NAME_KEY = 'displayName';

// Another tab logging out (or in) changes this tab's session too.
const storedToken = storedValue({
  raw: () => readStorage(TOKEN_KEY),
  parse: (raw) => raw || null,
  watches: (key) => key === TOKEN_KEY,
});
const storedName = storedValue({
  raw: () => readStorage(DISPLAY_NAME_KEY),
  parse: (raw) => raw || DEFAULT_DISPLAY_NAME,
  watches: (key) => key === DISPLAY_NAME_KEY,
});

export const getToken = storedToken.get;

export function startSession(token: string, displayName: string | null | undefined): void {
  writeStorage(TOKEN_KEY, token);
  writeStorage(DISPLAY_NAME_KEY, displayName || DEFAULT_DISPLAY_NAME);
  changed();
}

/** Forget the session; every screen watching the token (the route guard) reacts at once. */
export function clearSession(): void {
  writeStorage(TOKEN_KEY, null);
  writeStorage(DISPLAY_NAME_KEY, null);
  changed();
}

function changed() {
  storedToken.changed();
  storedName.changed();
}

export function useAuthToken(): string | null {
  return useSyncExternalStore(storedToken.subscribe, storedToken.get, () => null);
}

export function useDisplayName(): string {
  return useSyncExternalStore(storedName.subscribe, storedName.get, () => DEFAULT_DISPLAY_NAME);
}
