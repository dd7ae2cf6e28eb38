import type { ReactNode } from 'react';
import { useI18n } from '../i18n/context';

interface RetryNoticeProps {
  onRetry: () => void;
  /** What went wrong, in the reader's language; by default that nothing answered. */
  title?: string;
  /** h1 when it stands in for a whole screen, p inside a list's section. */
  as?: 'h1' | 'p';
  /** Another way on, after Try again. */
  children?: ReactNode;
}

/** What a screen or a list says when it could not load: a way to try again, not an empty state that misleads. */
export function RetryNotice({ onRetry, title, as: Title = 'p', children }: RetryNoticeProps) {
  const i18n = useI18n();
  return (
    <div className="card px-4 py-10 text-center">
      <Title className="text-lg font-semibold text-stone-900">
        {title ?? i18n._('You seem to be offline. Try again.')}
      </Title>
      <div className="mt-4 flex flex-wrap justify-center gap-3">
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          {i18n._('Try again')}
        </button>
        {children}
      </div>
    </div>
  );
}
