import { formatMoney, type SellerView } from '@marketplace/shared';
import { useEffect, useRef } from 'react';
import { Link } from '../../../lib/router';
import type { OfferAnswer } from '../api';
import { AccountOffer } from './AccountOffer';
import { ItemSummary } from './ItemSummary';
import { OfferHistory } from './OfferHistory';
import { OpenOffer } from './OpenOffer';

interface StatusDetailsProps {
  view: SellerView;
  token: string;
  /** Set once the seller answered here: the success line shows and focus goes to it. */
  answered: { answer: OfferAnswer; amount: number } | null;
  onAnswered: (view: SellerView, answer: OfferAnswer, amount: number) => void;
  onRefused: (message: string) => void;
  /** Set once the seller made their account here. */
  accountCreated: boolean;
  onAccountCreated: () => void;
}

const card = 'card p-4 sm:p-5';
const heading = 'mb-2 text-lg font-semibold text-stone-900';

export function StatusDetails({ view, token, answered, onAnswered, onRefused, accountCreated, onAccountCreated }: StatusDetailsProps) {
  const status = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (answered) status.current?.focus();
  }, [answered]);
  const offer = view.can_answer ? view.open_offer : null;

  return (
    <div className="space-y-5">
      <header className={card}>
        <h1 className="break-words">
          <span className="block text-sm font-semibold text-stone-600">Your item</span>
          <span className="text-2xl font-bold text-stone-950">{view.item_name}</span>
        </h1>
        <p className="mt-3 text-sm font-semibold text-stone-600">
          Your reference{' '}
          <span className="block font-mono text-3xl font-extrabold tracking-widest text-stone-950" data-testid="seller-reference">
            {view.reference}
          </span>
        </p>
        <div ref={status} tabIndex={-1} className="mt-3 space-y-2 outline-none" data-testid="seller-status">
          {answered && (
            <p className="rounded-md border border-green-600 bg-green-50 p-3 font-semibold text-green-900">
              {answered.answer === 'accept' ? `Thank you: you accepted our offer of ${formatMoney(answered.amount)}.` : 'Thank you: you declined our offer. We have told our team.'}
            </p>
          )}
          <p className="text-lg text-stone-900">{view.status_text}</p>
        </div>
      </header>
      {offer && (
        <section aria-labelledby="open-offer-heading" className="card border-2 border-teal-700 p-4 sm:p-5">
          <OpenOffer offer={offer} itemName={view.item_name} token={token} headingId="open-offer-heading" onAnswered={onAnswered} onRefused={onRefused} />
        </section>
      )}
      <section aria-labelledby="item-heading" className={card}>
        <h2 id="item-heading" className={heading}>
          What you offered us
        </h2>
        <ItemSummary view={view} />
      </section>
      <section aria-labelledby="offers-heading" className={card}>
        <h2 id="offers-heading" className={heading}>
          Our offers
        </h2>
        <OfferHistory offers={view.offers} openOfferId={view.open_offer?.id ?? null} />
      </section>
      {view.account && (
        <section aria-labelledby="account-heading" className={card}>
          <AccountOffer offer={view.account} token={token} justCreated={accountCreated} onCreated={onAccountCreated} headingId="account-heading" />
        </section>
      )}
      <p className="px-1 text-sm text-stone-700">
        Questions? <Link to="/contact" className="font-semibold text-teal-800 underline">Contact us</Link> and give your reference {view.reference}.
      </p>
    </div>
  );
}
