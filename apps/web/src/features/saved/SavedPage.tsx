import type { PublicProduct } from '@marketplace/shared';
import { Suspense, useRef, useState, type ReactNode } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { PageMeta } from '../../components/PageMeta';
import { ProductGrid } from '../../components/ProductGrid';
import { RetryNotice } from '../../components/RetryNotice';
import { pageTitle } from '../../lib/brand';
import { lazyPage } from '../../lib/lazy-page';
import { isOffline } from '../../lib/offline';
import { Link } from '../../lib/router';
import { useAsync } from '../../lib/use-async';
import { useSavedItems } from '../../lib/use-saved-items';
import { fetchListed } from './api';
import { GoneItems } from './components/GoneItems';
import { RemoveSavedButton } from './components/RemoveSavedButton';
import { SavedNoteLine } from './components/SavedNoteLine';
import { savedNote } from './saved-note';
import { useI18n } from '../../i18n/context';

const MAX_SKELETONS = 8;
// Its own chunk, fetched after the page's: the first screen's JS does not grow (decision 0070).
const ItemAlertButton = lazyPage(() => import('./components/ItemAlertButton'), 'ItemAlertButton');

/** /saved: the items this browser marked Interested, as they are listed today, and what changed since. */
export function SavedPage() {
  const saved = useSavedItems();
  const i18n = useI18n();
  const ids = saved.map((item) => item.id);
  // Only an id not asked about yet needs a new check; a removed one is simply no longer shown.
  const [asked, setAsked] = useState(ids);
  if (ids.some((id) => !asked.includes(id))) setAsked(ids);
  const [round, setRound] = useState(0);
  const check = useAsync(`saved:${asked.join(',')}:${round}`, (signal) =>
    asked.length ? fetchListed(asked, signal) : Promise.resolve(new Map<number, PublicProduct>()),
  );
  const heading = useRef<HTMLHeadingElement>(null);
  /** The name of the item just removed, said to screen readers. */
  const [said, setSaid] = useState('');

  function removed(name: string) {
    setSaid(name);
    // The button is gone with its item: keyboard focus goes on from the heading, the view stays where it was.
    heading.current?.focus({ preventScroll: true });
  }

  let body: ReactNode;
  if (saved.length === 0) {
    body = (
      <EmptyState
        title={i18n._('No saved items yet')}
        message={i18n._('Tap Mark Interested on an item and it will wait for you here.')}
      >
        <Link to="/discover" className="btn btn-primary">
          {i18n._('Browse items')}
        </Link>
      </EmptyState>
    );
  } else if (check.status === 'loading') {
    body = (
      <ProductGrid
        label={i18n._('Saved items')}
        loading
        products={[]}
        skeletons={Math.min(saved.length, MAX_SKELETONS)}
      />
    );
  } else if (check.status === 'error') {
    body = (
      <RetryNotice
        title={isOffline(check.error) ? undefined : i18n._('Could not check your saved items.')}
        onRetry={() => setRound((n) => n + 1)}
      />
    );
  } else {
    const listed = check.data;
    const snapshots = new Map(saved.map((item) => [item.id, item.snapshot]));
    // Cards show the price the item sells for now, which is what a drop is measured against.
    const products = saved.flatMap((item) => {
      const product = listed.get(item.id);
      return product ? [product] : [];
    });
    const gone = saved.filter((item) => !listed.has(item.id));
    body = (
      <div className="space-y-8">
        {products.length > 0 && (
          <ProductGrid
            label={i18n._('Saved items')}
            loading={false}
            products={products}
            skeletons={0}
            headingLevel={2}
            footer={(card) => {
              const product = listed.get(card.id);
              const note = product && savedNote(snapshots.get(card.id) ?? null, product);
              return (
                <>
                  {/* The note's slot is kept when empty, so every Remove button of a row sits at the bottom. */}
                  <div>{note && <SavedNoteLine note={note} />}</div>
                  <Suspense fallback={<div className="min-h-11" />}>
                    <ItemAlertButton id={card.id} />
                  </Suspense>
                  <RemoveSavedButton id={card.id} name={card.name} onRemoved={removed} />
                </>
              );
            }}
          />
        )}
        {gone.length > 0 && <GoneItems items={gone} onRemoved={removed} />}
      </div>
    );
  }

  return (
    <section aria-labelledby="saved-heading">
      <PageMeta
        title={pageTitle(i18n._('Saved items'))}
        description={i18n._("The items you marked Interested, with today's price and availability.")}
        path="/saved"
      />
      <h1 id="saved-heading" ref={heading} tabIndex={-1} className="page-title outline-none">
        {i18n._('Saved items')}
      </h1>
      <p className="mb-4 text-sm text-stone-700">{i18n._('Items you marked Interested, kept on this device.')}</p>
      <p role="status" className="sr-only">
        {said && i18n._('{name} removed from saved items.', { name: said })}
      </p>
      {body}
    </section>
  );
}
