import type { ReactNode } from 'react';

interface EmptyStateProps {
  title?: string;
  message?: string;
  /** A way on from here, e.g. a link to browse. */
  children?: ReactNode;
}

/** Spec 2: what a grid says when there is nothing to show. */
export function EmptyState({ title = 'No products available', message = 'Check back soon.', children }: EmptyStateProps) {
  return (
    <div className="card border border-dashed border-stone-300 px-4 py-10 text-center">
      <p className="text-base font-semibold text-stone-900">{title}</p>
      <p className="mt-1 text-sm text-stone-600">{message}</p>
      {children && <div className="mt-4">{children}</div>}
    </div>
  );
}
