import type { PublicOrder } from '@marketplace/shared';
import { useState } from 'react';
import { useParams } from '../../lib/router';
import { LinkLoadFailed, PrivateLinkHead, RefusedNotice } from '../../components/PrivateLinkPage';
import { isNotFoundError } from '../../lib/api-client';
import { useAsync } from '../../lib/use-async';
import { fetchOrder, ORDER_NOT_FOUND } from './api';
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

  const head = <PrivateLinkHead title={order ? `Order ${order.number}` : 'Your order'} />;

  if (loaded && order) {
    const { OrderDetails } = loaded[1];
    return (
      <div className="mx-auto max-w-2xl space-y-4">
        {head}
        <RefusedNotice text={notice} />
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
  return (
    <LinkLoadFailed
      head={head}
      notFound={state.status === 'error' && isNotFoundError(state.error)}
      notFoundTitle={ORDER_NOT_FOUND}
      notFoundHint="Check that the link is complete. Orders placed on this phone are listed in your basket."
      failureTitle="Could not load your order"
      wayOn={{ to: '/basket', label: 'Go to your basket' }}
      onRetry={reload}
    />
  );
}
