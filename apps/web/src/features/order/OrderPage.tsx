import type { PublicOrder } from '@marketplace/shared';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { pageTitle } from '../../lib/brand';
import { useAsync } from '../../lib/use-async';
import { fetchOrder, isNotFound, ORDER_NOT_FOUND } from './api';
import { OrderSkeleton } from './components/OrderSkeleton';

// The order's view (shop, items, history, cancel) comes in a chunk of its own, fetched alongside the order
// itself: it costs no extra wait on 3G, and this route's first screen stays inside the 90 KB budget.
const loadDetails = () => import('./components/OrderDetails');

/** /order/{token}: the buyer's private order page, reached through the link shown after ordering. */
export function OrderPage() {
  const token = useParams().token ?? '';
  const [round, setRound] = useState(0);
  const state = useAsync(`order:${token}:${round}`, (signal) => Promise.all([fetchOrder(token, signal), loadDetails()]));
  const [cancelled, setCancelled] = useState<PublicOrder | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const loaded = state.status === 'success' ? state.data : null;
  const order = loaded ? (cancelled ?? loaded[0]) : null;

  function reload() {
    setCancelled(null);
    setRound((n) => n + 1);
  }

  // The address holds the private token: keep it out of search engines and out of other sites' logs.
  const head = (
    <>
      <title>{pageTitle(order ? `Order ${order.number}` : 'Your order')}</title>
      <meta name="robots" content="noindex" />
      <meta name="referrer" content="no-referrer" />
    </>
  );

  if (loaded && order) {
    const { OrderDetails } = loaded[1];
    return (
      <div className="mx-auto max-w-2xl space-y-4">
        {head}
        {notice && (
          <p role="alert" className="rounded-md border border-amber-400 bg-amber-50 p-3 text-sm font-medium text-amber-950">
            {notice}
          </p>
        )}
        <OrderDetails
          order={order}
          token={token}
          justCancelled={cancelled !== null}
          onCancelled={(next) => {
            setNotice(null);
            setCancelled(next);
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
        <OrderSkeleton />
      </>
    );
  }
  const notFound = state.status === 'error' && isNotFound(state.error);
  return (
    <section className="mx-auto max-w-xl py-10 text-center">
      {head}
      <h1 className="text-2xl font-bold text-red-700">{notFound ? ORDER_NOT_FOUND : 'Could not load your order'}</h1>
      <p className="mt-2 text-stone-700">
        {notFound ? 'Check that the link is complete. Orders placed on this phone are listed in your basket.' : 'Check your connection and try again.'}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {notFound ? (
          <Link to="/basket" className="btn btn-primary">
            Go to your basket
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
