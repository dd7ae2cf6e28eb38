import type { ReactNode } from 'react';
import { Link } from '../lib/router';
import { pageTitle } from '../lib/brand';
import { Meta, Title } from '../lib/head';
import { useI18n } from '../i18n/context';
import { translateKnown } from '../i18n/labels';

// The pieces every private-link page (an order, a seller's item) shares around its own content.

/** The address holds the private token: keep it out of search engines and out of other sites' logs. */
export function PrivateLinkHead({ title }: { title: string }) {
  return (
    <>
      <Title>{pageTitle(title)}</Title>
      <Meta name="robots" content="noindex" />
      <Meta name="referrer" content="no-referrer" />
    </>
  );
}

/** Why the last step did not go through (the server refused: things changed meanwhile), translated when known. */
export function RefusedNotice({ text }: { text: string | null }) {
  const i18n = useI18n();
  if (!text) return null;
  return (
    <p role="alert" className="rounded-md border border-amber-400 bg-amber-50 p-3 text-sm font-medium text-amber-950">
      {translateKnown(i18n, text)}
    </p>
  );
}

interface LinkLoadFailedProps {
  head: ReactNode;
  /** A wrong or unknown link: say so plainly and offer a way on; otherwise a retry. */
  notFound: boolean;
  notFoundTitle: string;
  notFoundHint: string;
  failureTitle: string;
  wayOn: { to: string; label: string };
  onRetry: () => void;
}

/** The texts given are shown as they are: the caller translates them. */
export function LinkLoadFailed({
  head,
  notFound,
  notFoundTitle,
  notFoundHint,
  failureTitle,
  wayOn,
  onRetry,
}: LinkLoadFailedProps) {
  const i18n = useI18n();
  return (
    <section className="mx-auto max-w-xl py-10 text-center">
      {head}
      <h1 className="text-2xl font-bold text-red-700">{notFound ? notFoundTitle : failureTitle}</h1>
      <p className="mt-2 text-stone-700">{notFound ? notFoundHint : i18n._('Check your connection and try again.')}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {notFound ? (
          <Link to={wayOn.to} className="btn btn-primary">
            {wayOn.label}
          </Link>
        ) : (
          <button type="button" className="btn btn-primary" onClick={onRetry}>
            {i18n._('Try again')}
          </button>
        )}
      </div>
    </section>
  );
}
