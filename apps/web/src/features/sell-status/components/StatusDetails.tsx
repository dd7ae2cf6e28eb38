import { formatMoney, type SellerView } from '@marketplace/shared';
import { useEffect, useRef } from 'react';
import { Link } from '../../../lib/router';
import type { OfferAnswer } from '../api';
import { AccountOffer } from './AccountOffer';
import { ItemSummary } from './ItemSummary';
import { OfferHistory } from './OfferHistory';
import { OpenOffer } from './OpenOffer';
import { SellerPayment } from './SellerPayment';
import { useI18n } from '../../../i18n/context';
import { translateKnown } from '../../../i18n/labels';
import { Rich } from '../../../i18n/Rich';

interface StatusDetailsProps {
  view: SellerView;
  token: string;
  /** Set once the seller answered here: the success line shows and focus goes to it. */
  answered: { answer: OfferAnswer; amount: number } | null;
  onAnswered: (view: SellerView, answer: OfferAnswer, amount: number) => void;
  onRefused: (message: string) => void;
}

const card = 'card p-4 sm:p-5';
const heading = 'mb-2 text-lg font-semibold text-stone-900';

export function StatusDetails({ view, token, answered, onAnswered, onRefused }: StatusDetailsProps) {
  const i18n = useI18n();
  const status = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (answered) status.current?.focus();
  }, [answered]);
  const offer = view.can_answer ? view.open_offer : null;

  return (
    <div className="space-y-5">
      <header className={card}>
        <h1 className="break-words">
          <span className="block text-sm font-semibold text-stone-600">{i18n._('Your item')}</span>
          <span className="text-2xl font-bold text-stone-950">{view.item_name}</span>
        </h1>
        <p className="mt-3 text-sm font-semibold text-stone-600">
          {i18n._('Your reference')}{' '}
          <span
            className="block font-mono text-3xl font-extrabold tracking-widest text-stone-950"
            data-testid="seller-reference"
          >
            {view.reference}
          </span>
        </p>
        <div ref={status} tabIndex={-1} className="mt-3 space-y-2 outline-none" data-testid="seller-status">
          {answered && (
            <p className="rounded-md border border-green-600 bg-green-50 p-3 font-semibold text-green-900">
              {answered.answer === 'accept'
                ? i18n._('Thank you: you accepted our offer of {amount}.', { amount: formatMoney(answered.amount) })
                : i18n._('Thank you: you declined our offer. We have told our team.')}
            </p>
          )}
          <p className="text-lg text-stone-900">{translateKnown(i18n, view.status_text)}</p>
        </div>
      </header>
      {offer && (
        <section aria-labelledby="open-offer-heading" className="card border-2 border-teal-700 p-4 sm:p-5">
          <OpenOffer
            offer={offer}
            itemName={view.item_name}
            token={token}
            headingId="open-offer-heading"
            onAnswered={onAnswered}
            onRefused={onRefused}
          />
        </section>
      )}
      <section aria-labelledby="item-heading" className={card}>
        <h2 id="item-heading" className={heading}>
          {i18n._('What you offered us')}
        </h2>
        <ItemSummary view={view} />
      </section>
      <section aria-labelledby="offers-heading" className={card}>
        <h2 id="offers-heading" className={heading}>
          {i18n._('Our offers')}
        </h2>
        <OfferHistory offers={view.offers} openOfferId={view.open_offer?.id ?? null} />
      </section>
      <section aria-labelledby="payment-heading" className={card}>
        <SellerPayment payout={view.payout} headingId="payment-heading" />
      </section>
      {view.account && (
        <section aria-labelledby="account-heading" className={card}>
          <AccountOffer offer={view.account} token={token} headingId="account-heading" />
        </section>
      )}
      <p className="px-1 text-sm text-stone-700">
        <Rich
          text={i18n._('Questions? <0>Contact us</0> and give your reference {reference}.', {
            reference: view.reference,
          })}
          parts={[
            (text) => (
              <Link to="/contact" className="font-semibold text-teal-800 underline">
                {text}
              </Link>
            ),
          ]}
        />
      </p>
    </div>
  );
}
