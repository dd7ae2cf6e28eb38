import type { SellerAccountOffer } from '@marketplace/shared';
import { lazy, Suspense } from 'react';
import { Link } from '../../../lib/router';
import { useI18n } from '../../../i18n/context';

// The form loads only for a seller who still has an account to make.
const AskAccountForm = lazy(() => import('./AskAccountForm').then((m) => ({ default: m.AskAccountForm })));

interface AccountOfferProps {
  offer: SellerAccountOffer;
  token: string;
  headingId: string;
}

const link = 'btn btn-outline mt-3';

/** The seller account the sell form offered: make it, log in to add this item to it, or open it. */
export function AccountOffer({ offer, token, headingId }: AccountOfferProps) {
  const i18n = useI18n();
  return (
    <>
      <h2 id={headingId} className="mb-2 text-lg font-semibold text-stone-900">
        {i18n._('Your seller account')}
      </h2>
      {offer.state === 'offered' && (
        <>
          <p className="text-stone-800">
            {i18n._('You asked for a seller account: see all your items in one place, at any time.')}
          </p>
          <Suspense fallback={<p className="mt-3 text-sm text-stone-600">{i18n._('Loading…')}</p>}>
            <AskAccountForm token={token} emailHint={offer.email_hint} />
          </Suspense>
          {/* The page never says whether the email has an account (docs/decisions/0040): both ways are offered. */}
          <Link to="/account" state={{ claim: token }} className={link}>
            {i18n._('Log in to add this item')}
          </Link>
        </>
      )}
      {offer.state === 'exists' && (
        <>
          <p className="text-stone-800">
            {i18n._('An account already uses {email}. Log in to add this item to it.', { email: offer.email_hint })}
          </p>
          <Link to="/account" state={{ claim: token }} className={link}>
            {i18n._('Log in to add this item')}
          </Link>
        </>
      )}
      {offer.state === 'linked' && (
        <>
          <p className="text-stone-800">{i18n._('This item is in your seller account.')}</p>
          <Link to="/account" className={link}>
            {i18n._('See all your items')}
          </Link>
        </>
      )}
    </>
  );
}
