import type { SellerView } from '@marketplace/shared';
import { useState } from 'react';
import { useParams } from '../../lib/router';
import { LinkLoadFailed, PrivateLinkHead, RefusedNotice } from '../../components/PrivateLinkPage';
import { isNotFoundError } from '../../lib/api-client';
import { useAsync } from '../../lib/use-async';
import { fetchSellerView, ITEM_NOT_FOUND, type OfferAnswer } from './api';
import { StatusSkeleton } from './components/StatusSkeleton';
import { useI18n } from '../../i18n/context';

// The item's view (photos, offers, the answer dialogs) is a chunk of its own, fetched alongside the item
// itself: no extra wait on 3G, and this route's first screen stays small.
const loadDetails = () => import('./components/StatusDetails');

/** /sell/status/{token}: the seller's private page, reached through the link given after submitting. */
export function SellStatusPage() {
  const i18n = useI18n();
  const token = useParams().token ?? '';
  const [round, setRound] = useState(0);
  const state = useAsync(`sell-status:${token}:${round}`, (signal) =>
    Promise.all([fetchSellerView(token, signal), loadDetails()]),
  );
  const [answered, setAnswered] = useState<{ view: SellerView; answer: OfferAnswer; amount: number } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const loaded = state.status === 'success' ? state.data : null;
  const view = loaded ? (answered?.view ?? loaded[0]) : null;

  function reload() {
    setAnswered(null);
    setRound((n) => n + 1);
  }

  const head = (
    <PrivateLinkHead
      title={view ? i18n._('Your item {reference}', { reference: view.reference }) : i18n._('Your item')}
    />
  );

  if (loaded && view) {
    const { StatusDetails } = loaded[1];
    return (
      <div className="mx-auto max-w-2xl space-y-4">
        {head}
        <RefusedNotice text={notice} />
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
  return (
    <LinkLoadFailed
      head={head}
      notFound={state.status === 'error' && isNotFoundError(state.error)}
      notFoundTitle={i18n._(ITEM_NOT_FOUND)}
      notFoundHint={i18n._('Check that the link is complete, exactly as you were given it.')}
      failureTitle={i18n._('Could not load your item')}
      wayOn={{ to: '/sell', label: i18n._('Sell an item') }}
      onRetry={reload}
    />
  );
}
