import type { SellerView } from '@marketplace/shared';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { pageTitle } from '../../lib/brand';
import { useAsync } from '../../lib/use-async';
import { fetchSellerView, isNotFound, ITEM_NOT_FOUND, type OfferAnswer } from './api';
import { StatusSkeleton } from './components/StatusSkeleton';

// The item's view (photos, offers, the answer dialogs) is a chunk of its own, fetched alongside the item
// itself: no extra wait on 3G, and this route's first screen stays small.
const loadDetails = () => import('./components/StatusDetails');

/** /sell/status/{token}: the seller's private page, reached through the link given after submitting. */
export function SellStatusPage() {
  const token = useParams().token ?? '';
  const [round, setRound] = useState(0);
  const state = useAsync(`sell-status:${token}:${round}`, (signal) => Promise.all([fetchSellerView(token, signal), loadDetails()]));
  const [answered, setAnswered] = useState<{ view: SellerView; answer: OfferAnswer; amount: number } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const loaded = state.status === 'success' ? state.data : null;
  const view = loaded ? (answered?.view ?? loaded[0]) : null;

  function reload() {
    setAnswered(null);
    setRound((n) => n + 1);
  }

  // The address holds the private token: keep it out of search engines and out of other sites' logs.
  const head = (
    <>
      <title>{pageTitle(view ? `Your item ${view.reference}` : 'Your item')}</title>
      <meta name="robots" content="noindex" />
      <meta name="referrer" content="no-referrer" />
    </>
  );

  if (loaded && view) {
    const { StatusDetails } = loaded[1];
    return (
      <div className="mx-auto max-w-2xl space-y-4">
        {head}
        {notice && (
          <p role="alert" className="rounded-md border border-amber-400 bg-amber-50 p-3 text-sm font-medium text-amber-950">
            {notice}
          </p>
        )}
        <StatusDetails
          view={view}
          token={token}
          answered={answered && { answer: answered.answer, amount: answered.amount }}
          onAnswered={(next, answer, amount) => {
            setNotice(null);
            setAnswered({ view: next, answer, amount });
          }}
          onRefused={(message) => {
            setNotice(message);
            reload();
          }}
        />
      </div>
    );
  }
  if (state.status === 'loading') {
    return (
      <>
        {head}
        <StatusSkeleton />
      </>
    );
  }
  const notFound = state.status === 'error' && isNotFound(state.error);
  return (
    <section className="mx-auto max-w-xl py-10 text-center">
      {head}
      <h1 className="text-2xl font-bold text-red-700">{notFound ? ITEM_NOT_FOUND : 'Could not load your item'}</h1>
      <p className="mt-2 text-stone-700">{notFound ? 'Check that the link is complete, exactly as you were given it.' : 'Check your connection and try again.'}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {notFound ? (
          <Link to="/sell" className="btn btn-primary">
            Sell an item
          </Link>
        ) : (
          <button type="button" className="btn btn-primary" onClick={reload}>
            Try again
          </button>
        )}
      </div>
    </section>
  );
}
