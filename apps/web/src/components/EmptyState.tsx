import type { ReactNode } from 'react';
import { useI18n } from '../i18n/context';

interface EmptyStateProps {
  /** Title and message come in the reader's language; the defaults are those of docs/product.md#home. */
  title?: string;
  message?: string;
  /** A way on from here, e.g. a link to browse. */
  children?: ReactNode;
}

/** What a grid says when there is nothing to show. */
export function EmptyState({ title, message, children }: EmptyStateProps) {
  const i18n = useI18n();
  return (
    <div className="card border border-dashed border-stone-300 px-4 py-10 text-center">
      <p className="text-base font-semibold text-stone-900">{title ?? i18n._('No products available')}</p>
      <p className="mt-1 text-sm text-stone-600">{message ?? i18n._('Check back soon.')}</p>
      {children && <div className="mt-4">{children}</div>}
    </div>
  );
}
