import { useSyncExternalStore } from 'react';
import { DEFAULT_DISPLAY_NAME } from '@marketplace/shared';
import { readStorage, writeStorage } from '../lib/storage';

// Spec 3 "Local storage": the back-office session is the authToken and displayName keys.
const TOKEN_KEY = 'authToken';
const DISPLAY_NAME_KEY = 'displayName';

const listeners = new Set<() => void>();
function emit() {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return readStorage(TOKEN_KEY) || null;
}

function getDisplayName(): string {
  return readStorage(DISPLAY_NAME_KEY) || DEFAULT_DISPLAY_NAME;
}

export function startSession(token: string, displayName: string | null | undefined): void {
  writeStorage(TOKEN_KEY, token);
  writeStorage(DISPLAY_NAME_KEY, displayName || DEFAULT_DISPLAY_NAME);
  emit();
}

/** Forget the session; every screen watching the token (the route guard) reacts at once. */
export function clearSession(): void {
  writeStorage(TOKEN_KEY, null);
  writeStorage(DISPLAY_NAME_KEY, null);
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab logging out (or in) changes this tab's session too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === DISPLAY_NAME_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribe, getToken, () => null);
}

export function useDisplayName(): string {
  return useSyncExternalStore(subscribe, getDisplayName, () => DEFAULT_DISPLAY_NAME);
}
