import { HOW_SELLERS_ARE_PAID } from '@marketplace/shared';
import { Suspense } from 'react';
import { Link, useLocation } from '../../lib/router';
import { pageTitle } from '../../lib/brand';
import { Title } from '../../lib/head';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { lazyPage } from '../../lib/lazy-page';
import { readSubmitted, statusPath, submittedOf, type Submitted } from './submission';
import { useI18n } from '../../i18n/context';

// The copy field sits below the fold on a phone: its code comes just after the page's, and should it not
// come (a dropped connection) the link button above it still leads to the item's page.
const CopyLink = lazyPage(() => import('./CopyLink'), 'CopyLink');

/**
 * /sell/success: the four texts and a way to reach the team; after a submission (navigation state,
 * or sessionStorage on a reload) also the reference to quote on the phone and the private status link.
 */
export function SellSuccessPage() {
  const i18n = useI18n();
  const state: unknown = useLocation().state;
  const submitted = submittedOf(state) ?? readSubmitted();
  return (
    <section className="card mx-auto max-w-xl px-5 py-10 text-center">
      <Title>{pageTitle(i18n._('Item successfully submitted!'))}</Title>
      <div
        className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-teal-100 text-3xl text-teal-800"
        aria-hidden="true"
      >
        ✓
      </div>
      <h1 className="page-title">{i18n._('Item successfully submitted!')}</h1>
      {submitted && <Reference submitted={submitted} />}
      <p className="mt-3 text-stone-800">{i18n._('Our team will review your submission shortly.')}</p>
      <p className="mt-1 text-stone-800">{i18n._("You'll be contacted with an offer.")}</p>
      <p className="mt-1 text-stone-800">
        {i18n._('If accepted, your items will be listed on our platforms or sold in our partner shops.')}
      </p>
      <p className="mt-1 text-stone-800">{i18n._(HOW_SELLERS_ARE_PAID)}</p>
      {submitted && <FollowLink token={submitted.status_token} />}
      {submitted?.in_account && (
        <p className="mt-4 text-stone-800">
          {i18n._('This item is in your seller account.')}{' '}
          <Link to="/account" className="font-semibold text-teal-800 underline">
            {i18n._('See all your items')}
          </Link>
        </p>
      )}
      <Link to="/contact" className="btn btn-primary mt-6">
        {i18n._('Contact us')}
      </Link>
    </section>
  );
}

function Reference({ submitted }: { submitted: Submitted }) {
  const i18n = useI18n();
  return (
    <p className="mt-4 rounded-lg bg-stone-100 px-4 py-3 text-stone-800">
      {i18n._('Your reference:')}{' '}
      <strong
        className="block font-mono text-3xl font-extrabold tracking-widest text-stone-950 sm:inline"
        data-testid="sell-reference"
      >
        {submitted.reference}
      </strong>
    </p>
  );
}

function FollowLink({ token }: { token: string }) {
  const i18n = useI18n();
  const path = statusPath(token);
  return (
    <div className="mt-6 space-y-3 border-t border-stone-200 pt-5">
      <p className="text-stone-800">
        {i18n._(
          "Our offer will appear on your item's private page. Anyone with the link can see it, so share it with no one.",
        )}
      </p>
      <Link to={path} className="btn btn-primary">
        {i18n._('Keep this link to follow your item')}
      </Link>
      <ErrorBoundary>
        <Suspense fallback={<div className="min-h-36 sm:min-h-24" />}>
          <CopyLink url={`${window.location.origin}${path}`} label={i18n._("Your item's private link")} />
        </Suspense>
      </ErrorBoundary>
    </div>
  );
}
