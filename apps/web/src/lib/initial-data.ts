import { createContext, useContext } from 'react';
import { ApiError } from './api-client';

/**
 * What the server fetched while rendering the first screen, by `useAsync` key: the browser's first render
 * starts from exactly the data the HTML was made from, so hydration matches and no call is repeated.
 * An error is kept only when it is the page's answer (a 404 product); anything else is fetched again.
 * A page the service worker kept from an earlier visit shows its data at once and then refreshes it.
 */
export type InitialEntry = { data: unknown } | { error: { status: number; message: string } };

export interface InitialData {
  entries: Map<string, InitialEntry>;
  /** Server only: the loads the render asked for that had no entry yet, run before the next pass. */
  wanted?: Map<string, (signal: AbortSignal) => Promise<unknown>>;
  /** Server only: the storefront's public address, for the absolute links of Open Graph tags. */
  origin?: string;
  /** The page came from this phone's copy (public/sw.js): show it, then load every entry again. */
  stale?: boolean;
}

export const INITIAL_DATA_ID = 'initial-data';

function fromDocument(): InitialData {
  const entries = new Map<string, InitialEntry>();
  const script = typeof document === 'undefined' ? null : document.getElementById(INITIAL_DATA_ID);
  if (script?.textContent) {
    try {
      for (const [key, entry] of Object.entries(JSON.parse(script.textContent) as Record<string, InitialEntry>))
        entries.set(key, entry);
    } catch {
      // A damaged script only costs the calls it would have saved.
    }
  }
  return { entries, stale: script?.hasAttribute('data-stale') ?? false };
}

export const InitialDataContext = createContext<InitialData | null>(null);
let fromPage: InitialData | undefined;

export function useInitialData(): InitialData {
  const provided = useContext(InitialDataContext);
  return provided ?? (fromPage ??= fromDocument());
}

/** The entry as the state `useAsync` starts from. */
export function entryState(entry: InitialEntry) {
  return 'data' in entry
    ? ({ status: 'success', data: entry.data } as const)
    : ({ status: 'error', error: new ApiError(entry.error.message, entry.error.status) } as const);
}
