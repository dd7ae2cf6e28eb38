import { OPEN_ORDER_STATUSES, type PublicOrder } from '@marketplace/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { forgetOrder } from '../../lib/placed-orders';
import { useNavigate, useParams } from '../../lib/router';
import { LinkLoadFailed, PrivateLinkHead, RefusedNotice } from '../../components/PrivateLinkPage';
import { isNotFoundError } from '../../lib/api-client';
import { useAsync } from '../../lib/use-async';
import { fetchOrder } from '../../lib/order-api';
import { ORDER_NOT_FOUND } from './api';
import { usePaymentUpdates } from '../../components/payment/use-payment-updates';
import { OrderSkeleton } from './components/OrderSkeleton';
import { useI18n } from '../../i18n/context';
import { translateKnown } from '../../i18n/labels';

// The order's view (shop, items, history, cancel) comes in a chunk of its own, fetched alongside the order
// itself: it costs no extra wait on 3G, and this route's first screen stays inside the 90 KB budget.
const loadDetails = () => import('./components/OrderDetails');
// Only an unknown link shows the form: its code is fetched then, not with every order page.
const LostOrderLink = lazy(() => import('./components/LostOrderLink').then((m) => ({ default: m.LostOrderLink })));

/** /order/{token}: the buyer's private order page, reached through the link shown after ordering. */
export function OrderPage() {
  const i18n = useI18n();
  const token = useParams().token ?? '';
  const [round, setRound] = useState(0);
  const state = useAsync(`order:${token}:${round}`, (signal) =>
    Promise.all([fetchOrder(token, signal), loadDetails()]),
  );
  /** The order as a later answer gave it (cancelled here, a payment step, a look while money moves). */
  const [updated, setUpdated] = useState<{ order: PublicOrder; cancelled: boolean } | null>(null);
  /** The server's refusal, as it came (shown through translateKnown). */
  const [notice, setNotice] = useState<string | null>(null);
  const loaded = state.status === 'success' ? state.data : null;
  const order = loaded ? (updated?.order ?? loaded[0]) : null;
  const update = (next: PublicOrder) =>
    setUpdated((before) => ({ order: next, cancelled: before?.cancelled ?? false }));
  const moving = order?.payment.status === 'pending' || order?.payment.status === 'refunding';
  usePaymentUpdates(token, moving, update);
  const navigate = useNavigate();
  const ended = order !== null && !OPEN_ORDER_STATUSES.includes(order.status);
  // An order that ended (completed, cancelled, expired) is not kept on a phone someone else may pick up.
  useEffect(() => {
    if (ended) forgetOrder(token);
  }, [ended, token]);

  function reload() {
    setUpdated(null);
    setRound((n) => n + 1);
  }

  const head = (
    <PrivateLinkHead title={order ? i18n._('Order {number}', { number: order.number }) : i18n._('Your order')} />
  );

  if (loaded && order) {
    const { OrderDetails } = loaded[1];
    return (
      <div className="mx-auto max-w-2xl space-y-4">
        {head}
        <RefusedNotice text={notice && translateKnown(i18n, notice)} />
        <OrderDetails
          order={order}
          token={token}
          justCancelled={updated?.cancelled === true}
          onCancelled={(next) => {
            setNotice(null);
            setUpdated({ order: next, cancelled: true });
          }}
          onChanged={(next) => {
            setNotice(null);
            update(next);
          }}
          onRefused={(message) => {
            setNotice(message);
            reload();
          }}
        />
        <button
          type="button"
          className="min-h-11 text-sm font-medium text-stone-700 underline underline-offset-2 hover:text-stone-900"
          onClick={() => {
            forgetOrder(token);
            navigate('/basket', { replace: true });
          }}
        >
          {i18n._('Forget this order on this phone')}
        </button>
        <p className="text-xs text-stone-600">
          {i18n._('The order stays placed: only this phone stops listing it. Keep the link if you still need it.')}
        </p>
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
  const notFound = state.status === 'error' && isNotFoundError(state.error);
  return (
    <>
      <LinkLoadFailed
        head={head}
        notFound={notFound}
        notFoundTitle={i18n._(ORDER_NOT_FOUND)}
        notFoundHint={i18n._('Check that the link is complete. Orders placed on this phone are listed in your basket.')}
        failureTitle={i18n._('Could not load your order')}
        wayOn={{ to: '/basket', label: i18n._('Go to your basket') }}
        onRetry={reload}
      />
      {notFound && (
        <Suspense fallback={null}>
          <LostOrderLink />
        </Suspense>
      )}
    </>
  );
}
