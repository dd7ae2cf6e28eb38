import { errorMessage, errorStatus } from '../api';
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
