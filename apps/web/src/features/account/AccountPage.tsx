import type { AccountItems } from '@marketplace/shared';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from '../../lib/router';
import { EmptyState } from '../../components/EmptyState';
import { ApiError } from '../../lib/api-client';
import { pageTitle } from '../../lib/brand';
import { Title } from '../../lib/head';
import { setSellerToken, sellerToken } from '../../lib/seller-session';
import { useAsync } from '../../lib/use-async';
import { claimItem, fetchItems, ITEMS_FAILED, logout } from './api';
import { ItemList } from './components/ItemList';
import { useI18n } from '../../i18n/context';
import { translateKnown } from '../../i18n/labels';

// The form (react-hook-form and zod) loads only for a visitor who is not logged in: a returning seller's
// list shows without it.
const LoginForm = lazy(() => import('./components/LoginForm').then((m) => ({ default: m.LoginForm })));

// Notices are kept in English and translated where shown: a claim's refusal comes from the server.
export const ITEM_ADDED = /*i18n*/ 'The item was added to your account.';
const SESSION_ENDED = /*i18n*/ 'Your session has ended. Please log in again.';

/** Navigation state from an item's private page: add this item once the seller is logged in. */
function claimOf(state: unknown): string | null {
  return state && typeof state === 'object' && 'claim' in state && typeof state.claim === 'string' ? state.claim : null;
}

/** /account: a seller logs in and sees every item they offered us and where each stands. */
export function AccountPage() {
  const [token, setToken] = useState(sellerToken);
  const [notice, setNotice] = useState<string | null>(null);

  function signIn(next: string | null, message: string | null = null) {
    setSellerToken(next);
    setToken(next);
    setNotice(message);
  }

  return (
    <div className="mx-auto max-w-2xl space-y-4">
      {token ? (
        <Items token={token} onSessionEnded={() => signIn(null, SESSION_ENDED)} onLogout={() => signIn(null)} />
      ) : (
        <Login notice={notice} onLoggedIn={(t) => signIn(t)} />
      )}
    </div>
  );
}

function Login({ notice, onLoggedIn }: { notice: string | null; onLoggedIn: (token: string) => void }) {
  const i18n = useI18n();
  const claiming = claimOf(useLocation().state) !== null;
  return (
    <section className="card space-y-4 p-4 sm:p-6" aria-labelledby="login-heading">
      <Title>{pageTitle(i18n._('Your seller account'))}</Title>
      <h1 id="login-heading" className="page-title">
        {i18n._('Your seller account')}
      </h1>
      {notice && (
        <p
          role="alert"
          className="rounded-md border border-amber-400 bg-amber-50 p-3 text-sm font-medium text-amber-950"
        >
          {translateKnown(i18n, notice)}
        </p>
      )}
      <p className="text-stone-800">
        {claiming
          ? i18n._('Log in to add your item to your account.')
          : i18n._('Log in to see all the items you offered us and answer our offers.')}
      </p>
      <Suspense fallback={<p className="text-sm text-stone-600">{i18n._('Loading…')}</p>}>
        <LoginForm onLoggedIn={onLoggedIn} />
      </Suspense>
      <p className="border-t border-stone-200 pt-4 text-sm text-stone-700">
        {i18n._(
          "No account yet? Tick “Create a seller account for me” when you sell an item, then set your password on the item's private page.",
        )}{' '}
        <Link to="/sell" className="font-semibold text-teal-800 underline">
          {i18n._('Sell an item')}
        </Link>
      </p>
    </section>
  );
}

interface Loaded {
  items: AccountItems;
  notice: string | null;
}

function Items({
  token,
  onSessionEnded,
  onLogout,
}: {
  token: string;
  onSessionEnded: () => void;
  onLogout: () => void;
}) {
  const i18n = useI18n();
  const location = useLocation();
  const navigate = useNavigate();
  const claim = useRef(claimOf(location.state));
  const [round, setRound] = useState(0);
  const state = useAsync<Loaded>(`account:${token}:${round}`, async (signal) => {
    const pending = claim.current;
    if (!pending) return { items: await fetchItems(token, signal), notice: null };
    claim.current = null;
    try {
      return { items: await claimItem(token, pending), notice: ITEM_ADDED };
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) throw error;
      return { items: await fetchItems(token, signal), notice: error instanceof Error ? error.message : null };
    }
  });
  const expired = state.status === 'error' && state.error instanceof ApiError && state.error.status === 401;

  useEffect(() => {
    if (expired) onSessionEnded();
  }, [expired, onSessionEnded]);
  useEffect(() => {
    // The item is added: a reload of this page must not say so again.
    if (state.status === 'success' && claimOf(location.state))
      void navigate(location.pathname, { replace: true, state: null });
  }, [state.status, location.state, location.pathname, navigate]);

  const head = <Title>{pageTitle(i18n._('Your items'))}</Title>;
  if (state.status === 'loading' || expired) {
    return (
      <div className="space-y-3" aria-busy="true">
        {head}
        <h1 className="page-title">{i18n._('Your items')}</h1>
        <p className="text-stone-700">{i18n._('Loading your items…')}</p>
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <section className="py-10 text-center">
        {head}
        <h1 className="text-2xl font-bold text-red-700">{i18n._(ITEMS_FAILED)}</h1>
        <p className="mt-2 text-stone-700">{i18n._('Check your connection and try again.')}</p>
        <button type="button" className="btn btn-primary mt-6" onClick={() => setRound((n) => n + 1)}>
          {i18n._('Try again')}
        </button>
      </section>
    );
  }

  const { items, notice } = state.data;
  return (
    <>
      {head}
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="page-title">{i18n._('Your items')}</h1>
          <p className="text-sm break-all text-stone-700">
            {i18n._('Logged in as {name} ({email})', { name: items.display_name, email: items.email })}
          </p>
        </div>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => {
            void logout(token);
            onLogout();
          }}
        >
          {i18n._('Log out')}
        </button>
      </header>
      {notice && (
        <p role="status" className="rounded-md border border-teal-600 bg-teal-50 p-3 text-sm font-medium text-teal-900">
          {translateKnown(i18n, notice)}
        </p>
      )}
      {items.items.length === 0 ? (
        <EmptyState
          title={i18n._('No items yet')}
          message={i18n._('Items you offer us while logged in, or add from their private page, show here.')}
        />
      ) : (
        <ItemList items={items.items} />
      )}
      {items.total > items.items.length && (
        <p className="text-sm text-stone-700">
          {i18n._('Showing your newest {shown} of {total} items.', { shown: items.items.length, total: items.total })}
        </p>
      )}
      <Link to="/sell" className="btn btn-primary">
        {i18n._('Sell another item')}
      </Link>
    </>
  );
}
