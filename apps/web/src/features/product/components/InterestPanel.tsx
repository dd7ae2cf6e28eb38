import { useEffect, useState } from 'react';
import { visitorId } from '../visitor-id';
import { setInterest } from '../api';
import { readInterested, writeInterested } from '../interest-storage';

interface InterestPanelProps {
  productId: number;
  /** The real count from the product as loaded. */
  watchers: number;
}

/**
 * 'Mark Interested' toggle and the watcher line. The change shows at once (slow networks) and is put
 * back if the server refuses; the server's count is then taken as the truth.
 */
export function InterestPanel({ productId, watchers: initialWatchers }: InterestPanelProps) {
  // Read after the first render: the server's HTML cannot know this browser's choice, and hydration must match it.
  const [interested, setInterested] = useState(false);
  useEffect(() => setInterested(readInterested(productId)), [productId]);
  const [watchers, setWatchers] = useState(initialWatchers);
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);

  async function toggle() {
    if (pending) return;
    const want = !interested;
    const before = { interested, watchers };
    setInterested(want);
    setWatchers((n) => Math.max(0, n + (want ? 1 : -1)));
    setPending(true);
    setFailed(false);
    try {
      const result = await setInterest(productId, want, visitorId());
      setInterested(result.interested);
      setWatchers(result.watchers);
      writeInterested(productId, result.interested);
    } catch (error) {
      console.error('Could not save interest', error);
      setInterested(before.interested);
      setWatchers(before.watchers);
      setFailed(true);
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="space-y-2">
      <button
        type="button"
        onClick={toggle}
        aria-pressed={interested}
        // Not `disabled`: that would drop keyboard focus mid-request. A tap while saving is ignored.
        aria-disabled={pending}
        className={`inline-flex min-h-11 w-full items-center justify-center rounded-md border-2 px-5 font-semibold sm:w-auto ${
          interested ? 'border-teal-700 bg-teal-50 text-teal-900' : 'border-stone-400 bg-white text-stone-900 hover:border-teal-700'
        } aria-disabled:cursor-wait`}
      >
        {interested ? '✓ Interested' : 'Mark Interested'}
      </button>
      <p className="text-sm text-stone-700" data-testid="watchers" aria-live="polite">
        {/* The spec's 'N people are watching this.', in the singular for one (docs/decisions/0018). */}
        People want this. {watchers} {watchers === 1 ? 'person is' : 'people are'} watching this.
      </p>
      {failed && (
        <p className="text-sm text-red-700" role="alert">
          Could not save your interest. Please try again.
        </p>
      )}
    </div>
  );
}
