import type { PublicProduct } from '@marketplace/shared';
import { useEffect, useState } from 'react';
import { currentWatchers, setInterest } from '../../../lib/interest-api';
import { forgetItem, readInterested, saveItem } from '../../../lib/saved-items';
import { visitorId } from '../../../lib/visitor-id';
import { useI18n } from '../../../i18n/context';

interface InterestPanelProps {
  /** As loaded: its real watcher count, and the price and state a saved item is later compared with. */
  product: PublicProduct;
}

/**
 * 'Mark Interested' toggle and the watcher line. The change shows at once (slow networks) and is put
 * back if the server refuses; the server's count is then taken as the truth. A marked item is listed
 * on the Saved items page.
 */
export function InterestPanel({ product }: InterestPanelProps) {
  const i18n = useI18n();
  const productId = product.id;
  // Read after the first render: the server's HTML cannot know this browser's choice, and hydration must match it.
  const [interested, setInterested] = useState(false);
  const [watchers, setWatchers] = useState(product.watchers);
  useEffect(() => {
    const marked = readInterested(productId);
    setInterested(marked);
    // The page's count may be up to a minute old (the server's cache): a buyer who marked the item expects
    // to be in it, so theirs is read again. Others see the cached count; it only lags.
    if (marked)
      currentWatchers(productId).then(setWatchers, (error: unknown) =>
        console.warn('Could not refresh the count', error),
      );
  }, [productId]);
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);

  // Never rejects (a failure is caught and shown): the button starts it without waiting for it.
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
      if (result.interested) saveItem(product);
      else forgetItem(productId);
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
        onClick={() => void toggle()}
        aria-pressed={interested}
        // Not `disabled`: that would drop keyboard focus mid-request. A tap while saving is ignored.
        aria-disabled={pending}
        className={`inline-flex min-h-11 w-full items-center justify-center rounded-md border-2 px-5 font-semibold sm:w-auto ${
          interested
            ? 'border-teal-700 bg-teal-50 text-teal-900'
            : 'border-stone-400 bg-white text-stone-900 hover:border-teal-700'
        } aria-disabled:cursor-wait`}
      >
        {interested ? i18n._('✓ Interested') : i18n._('Mark Interested')}
      </button>
      <p className="text-sm text-stone-700" data-testid="watchers" aria-live="polite">
        {/* 'N people are watching this.', in the singular for one (docs/decisions/0018). */}
        {watchers === 1
          ? i18n._('People want this. 1 person is watching this.')
          : i18n._('People want this. {count} people are watching this.', { count: watchers })}
      </p>
      {failed && (
        <p className="text-sm text-red-700" role="alert">
          {i18n._('Could not save your interest. Please try again.')}
        </p>
      )}
    </div>
  );
}
