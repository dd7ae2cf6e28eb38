import { Component, type ReactNode } from 'react';
import { Link, useLocation } from '../lib/router';
import { RetryNotice } from './RetryNotice';
import { LoadAttempt } from '../lib/lazy-page';
import { isOffline } from '../lib/offline';
import { useI18n } from '../i18n/context';
import { translateKnown } from '../i18n/labels';

// In lib/, which the build bundles into the shell chunk with React: every screen renders inside it, and
// there it costs about 90 bytes gzip less than in the entry chunk (the first-screen budget is that tight).

interface ErrorBoundaryProps {
  children: ReactNode;
  /**
   * Where "Something went wrong" leads. Without it a failure shows nothing (the footer: the page works without
   * it). The label is English, marked for the catalogue where it is written: it is shown translated.
   */
  home?: { to: string; label: string };
}

interface BoundaryState {
  /** What went wrong: nothing came (offline), or any other error. */
  failure: 'offline' | 'error' | null;
  /** The location it happened at: a navigation starts afresh. */
  at: string;
  /** Resets so far, which tell failed lazy screens to load again (lazy-page.ts). */
  attempt: number;
}

class Boundary extends Component<ErrorBoundaryProps & { at: string }, BoundaryState> {
  override state: BoundaryState = { failure: null, at: this.props.at, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failure: isOffline(error) ? 'offline' : 'error' };
  }

  static getDerivedStateFromProps({ at }: { at: string }, state: BoundaryState): Partial<BoundaryState> | null {
    return at === state.at ? null : { failure: null, at, attempt: state.attempt + 1 };
  }

  // React reports every error a boundary catches on the console; Preact's runtime (decision 0100) leaves it to the boundary.
  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  retry = () => this.setState(({ attempt }) => ({ failure: null, attempt: attempt + 1 }));

  override render() {
    const { failure, attempt } = this.state;
    const { home, children } = this.props;
    if (!failure) return <LoadAttempt value={attempt}>{children}</LoadAttempt>;
    return home && <Failure failure={failure} home={home} onRetry={this.retry} />;
  }
}

/** What the boundary shows, in the reader's language (a class cannot read the translator's hook). */
function Failure({
  failure,
  home,
  onRetry,
}: {
  failure: 'offline' | 'error';
  home: { to: string; label: string };
  onRetry: () => void;
}) {
  const i18n = useI18n();
  // Code or data that did not arrive needs only Try again; any other error may be a fault in the screen
  // itself, so it also gets a way home.
  return (
    <RetryNotice as="h1" title={failure === 'error' ? i18n._('Something went wrong') : undefined} onRetry={onRetry}>
      {failure === 'error' && (
        <Link to={home.to} className="btn btn-outline">
          {translateKnown(i18n, home.label)}
        </Link>
      )}
    </RetryNotice>
  );
}

/**
 * Keeps a failure in what it wraps from blanking the app: a screen whose code did not arrive (a dropped 3G
 * connection) says so, with a Try again that loads it afresh; any other error offers a retry and a way home.
 */
export function ErrorBoundary(props: ErrorBoundaryProps) {
  return <Boundary {...props} at={useLocation().key} />;
}
