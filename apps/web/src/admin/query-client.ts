import { QueryCache, QueryClient, type QueryKey } from '@tanstack/react-query';
import { errorMessage, errorStatus } from '../lib/api-client';
import { notifyError } from './toasts';

/** What a back-office query says when it fails (every admin query carries it). */
export interface AdminQueryMeta extends Record<string, unknown> {
  /** The toast when the server gives no message (docs/product.md#error-catalogue). */
  defaultMessage: string;
  /** A fixed toast instead of the server's message ('Failed to fetch category'). */
  errorToast?: string;
  /** The screen says 'not found' itself (e.g. 'Seller not found.'), so a 404 is not toasted as well. */
  notFoundInline?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AdminQueryMeta;
  }
}

// A dropped connection or a proxy between deploys is worth asking again; a refusal or a bug is not.
const TRANSIENT = new Set([0, 502, 503, 504]);
const MAX_RETRIES = 2;

export function shouldRetry(failures: number, error: unknown): boolean {
  return failures < MAX_RETRIES && TRANSIENT.has(errorStatus(error) ?? -1);
}

/** 1 s, then 2 s, ... at most 10 s between tries. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 10_000);
}

/** A failed load is toasted top-center, except what the screen shows itself: 401 (the session ends), 403, an inline 404. */
function toastFailure(error: unknown, meta: AdminQueryMeta | undefined): void {
  const status = errorStatus(error);
  if (status === 401 || status === 403 || (meta?.notFoundInline && status === 404)) return;
  notifyError(meta?.errorToast ?? errorMessage(error, meta?.defaultMessage ?? 'Something went wrong'));
}

/**
 * The back-office's data cache, one per mounted back-office: lists and records by query key, kept while
 * paging, asked again on reconnect and after the writes that change them (each section's `keys`).
 */
export function createAdminQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => toastFailure(error, query.meta) }),
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, refetchOnWindowFocus: false, refetchOnReconnect: true },
      mutations: { retry: false },
    },
  });
}

/**
 * Marks a section's queries out of date without asking now: the screen is being left, or changed them in
 * place. They are asked again when a screen next shows them.
 */
export function markStale(queryClient: QueryClient, queryKey: QueryKey): void {
  void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
}
