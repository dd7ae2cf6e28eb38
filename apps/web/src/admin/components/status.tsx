import type { ReactNode } from 'react';
import { errorMessage, errorStatus } from '../../lib/api-client';
import { buttonStyles } from './ui';

/** Shown in place of a screen the server refused (403), e.g. Users for a Moderator. */
export function AccessDenied({ message }: { message: string }) {
  return (
    <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <h2 className="font-semibold">Access denied</h2>
      <p className="mt-1 text-sm">{message}</p>
    </div>
  );
}

/** A failed load in words a person understands, with a way to try again. */
export function LoadError({ error, fallback, onRetry }: { error: unknown; fallback: string; onRetry?: () => void }) {
  const status = errorStatus(error);
  // 401: the session is over and the guard is already on its way to the login screen.
  if (status === 401) return null;
  const message = errorMessage(error, fallback);
  if (status === 403) return <AccessDenied message={message} />;
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
      <p className="text-sm font-medium">{message}</p>
      {onRetry && (
        <button type="button" className={`${buttonStyles.secondary} mt-3`} onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

export function TableSkeleton({ rows = 5, label = 'Loading…' }: { rows?: number; label?: string }) {
  return (
    <div aria-busy="true" className="rounded-lg border border-stone-200 bg-white p-3 shadow-sm">
      <p role="status" className="sr-only">
        {label}
      </p>
      <div className="space-y-3">
        {Array.from({ length: rows }, (_, i) => (
          <div key={i} className="h-6 animate-pulse rounded bg-stone-200 motion-reduce:animate-none" />
        ))}
      </div>
    </div>
  );
}

export function FormSkeleton() {
  return (
    <div aria-busy="true" className="max-w-2xl space-y-4 rounded-lg border border-stone-200 bg-white p-4 shadow-sm">
      <p role="status" className="sr-only">
        Loading…
      </p>
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} className="space-y-2">
          <div className="h-4 w-24 animate-pulse rounded bg-stone-200 motion-reduce:animate-none" />
          <div className="h-9 animate-pulse rounded bg-stone-200 motion-reduce:animate-none" />
        </div>
      ))}
    </div>
  );
}

/** What a list says when it has nothing to show. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-stone-200 bg-white p-4 text-sm text-stone-700">{children}</p>;
}

/** The part of a query (TanStack Query's result) that decides what a screen shows. */
export interface Loadable<T> {
  data: T | undefined;
  error: unknown;
  refetch: () => unknown;
}

interface LoadedProps<T> {
  resource: Loadable<T>;
  /** The LoadError text when the server gives none. */
  fallback: string;
  /** A record's screen: what a 404 says (the record is not there) in place of a failure to load. */
  notFound?: string;
  skeleton: ReactNode;
  /** Keeps the skeleton up although data is here, e.g. while a page past the end is swapped for the last one. */
  waiting?: boolean;
  /** For a list: when it has nothing to show, `empty` is said (in an EmptyNote) instead of the content. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/** A screen's content once its data is here; until then the failure (with Try again) or else the skeleton. */
export function Loaded<T>({
  resource,
  fallback,
  notFound,
  skeleton,
  waiting = false,
  isEmpty,
  empty,
  children,
}: LoadedProps<T>) {
  const { data, error, refetch } = resource;
  if (data === undefined && error && notFound && errorStatus(error) === 404)
    return (
      <p role="alert" className="rounded-lg border border-stone-200 bg-white p-4 text-stone-800">
        {notFound}
      </p>
    );
  if (data === undefined && error)
    return <LoadError error={error} fallback={fallback} onRetry={() => void refetch()} />;
  if (data === undefined || waiting) return skeleton;
  if (isEmpty?.(data)) return <EmptyNote>{empty}</EmptyNote>;
  return children(data);
}
