import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * This storefront's address, for links shared outside it (WhatsApp). The server's HTML has none and the
 * browser fills it in right after hydration, so both renders agree.
 */
export function useOrigin(): string {
  return useSyncExternalStore(
    never,
    () => window.location.origin,
    () => '',
  );
}
