import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState, type KeyboardEventHandler } from 'react';
import { SHOP_STAFF, STAFF_ROLES } from '@marketplace/shared';
import { Link, Navigate, Outlet, useLocation, useNavigate } from '../lib/router';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { BRAND } from '../lib/brand';
import { errorStatus } from '../lib/api-client';
import { logout, meQuery } from './auth-api';
import { AccessDenied, FormSkeleton } from './components/status';
import {
  AccountIcon,
  BanknoteIcon,
  BoxIcon,
  CollapseIcon,
  DashboardIcon,
  ExpandIcon,
  FlagIcon,
  InboxIcon,
  LogoutIcon,
  ReceiptIcon,
  ReturnIcon,
  StarIcon,
  StoreIcon,
  TagIcon,
  UsersIcon,
} from './components/icons';
import { MenuIcon, CloseIcon } from '../components/icons';
import { buttonStyles } from './components/ui';
import { clearSession, useDisplayName } from './session';

// The sidebar's entries, in order (docs/product.md#back-office-shell); Orders comes right after the dashboard that
// counts them, and Money after the orders that bring it in.
const links = [
  { to: '/admin/dashboard', label: 'Dashboard', Icon: DashboardIcon },
  { to: '/admin/orders', label: 'Orders', Icon: ReceiptIcon },
  // What comes back after a sale, worked at the same counter as the orders.
  { to: '/admin/returns', label: 'Returns', Icon: ReturnIcon },
  { to: '/admin/money', label: 'Money', Icon: BanknoteIcon },
  { to: '/admin/products', label: 'Products', Icon: BoxIcon },
  { to: '/admin/featured-products', label: 'Featured Products', Icon: StarIcon },
  { to: '/admin/shops', label: 'Shops', Icon: StoreIcon },
  { to: '/admin/users', label: 'Users', Icon: UsersIcon },
  { to: '/admin/seller-requests', label: 'Seller Requests', Icon: InboxIcon },
  { to: '/admin/reports', label: 'Reports', Icon: FlagIcon },
  { to: '/admin/transfers', label: 'Transfers', Icon: InboxIcon },
  { to: '/admin/categories', label: 'Categories', Icon: TagIcon },
  { to: '/admin/personal-data', label: 'Personal data', Icon: AccountIcon },
];

// Admins only (docs/decisions/0078): Moderators and Shop staff get 403 there, so the sidebar hides it from them.
const ADMIN_ONLY_LINKS = new Set(['/admin/personal-data']);

// Shop staff work on one shop (docs/decisions/0061): the server answers 403 to the rest, so the sidebar hides it.
const SHOP_STAFF_LINKS = new Set([
  '/admin/dashboard',
  '/admin/orders',
  '/admin/returns',
  '/admin/money',
  '/admin/products',
  '/admin/seller-requests',
  '/admin/transfers',
]);

// Extra paths that belong to a sidebar entry (create and detail screens).
const sections: [RegExp, string][] = [
  [/^\/admin\/(products|create-product)/, '/admin/products'],
  [/^\/admin\/(categories|create-category|view-category)/, '/admin/categories'],
  [/^\/admin\/(seller-requests|create-seller-request)/, '/admin/seller-requests'],
];

// The signed-in staff member's own page (two-step login), at the foot of the sidebar beside Logout.
const ACCOUNT = { to: '/admin/account', label: 'My Account', Icon: AccountIcon };

const DASHBOARD = { to: '/admin/dashboard', label: 'Go to the dashboard' };
const NO_ACCESS = 'Your account does not have access to the back-office.';
const COLLAPSED_KEY = 'adminSidebarCollapsed';

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function AdminLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const displayName = useDisplayName();
  const [collapsed, setCollapsed] = useState(readCollapsed);
  // The phone drawer belongs to the page it was opened on: any navigation closes it.
  const [drawerOn, setDrawerOn] = useState<string | null>(null);
  const drawerOpen = drawerOn === location.key;
  const [loggingOut, setLoggingOut] = useState(false);
  const me = useQuery(meQuery());
  const queryClient = useQueryClient();

  useEffect(() => {
    try {
      window.localStorage.setItem(COLLAPSED_KEY, collapsed ? '1' : '0');
    } catch {
      // Not remembered; nothing else to do.
    }
  }, [collapsed]);

  // Never rejects (a failed call is caught): the buttons start it without waiting for it.
  async function onLogout() {
    setLoggingOut(true);
    try {
      await logout();
    } catch {
      // The token is forgotten here either way; the server expires it on its own.
    }
    clearSession();
    // What this staff member saw is not for whoever signs in next.
    queryClient.clear();
    navigate('/admin/login', { replace: true });
  }

  const section = sections.find(([pattern]) => pattern.test(location.pathname))?.[1];
  const isCurrent = (to: string) =>
    section === to || location.pathname === to || location.pathname.startsWith(`${to}/`);
  const staff = me.data ?? null;
  const noAccess = staff !== null && !(STAFF_ROLES as readonly string[]).includes(staff.role);
  const shown =
    staff?.role === SHOP_STAFF
      ? links.filter((link) => SHOP_STAFF_LINKS.has(link.to))
      : links.filter((link) => staff?.role === 'Admin' || !ADMIN_ONLY_LINKS.has(link.to));
  const meRefused = errorStatus(me.error) === 403;
  // Staff who must set up two-step login reach nothing but their account page until it is on (decision 0050).
  const setupOnly = staff?.second_factor_setup === true;

  // The phone's drawer closes on Escape from any of its links and buttons.
  const navLink = ({ to, label, Icon }: typeof ACCOUNT, compact: boolean, onKeyDown?: KeyboardEventHandler) => (
    <Link
      to={to}
      title={compact ? label : undefined}
      aria-label={compact ? label : undefined}
      aria-current={isCurrent(to) ? 'page' : undefined}
      onKeyDown={onKeyDown}
      className={`flex min-h-10 items-center gap-3 rounded-md px-3 text-sm font-medium ${
        isCurrent(to) ? 'bg-teal-800 text-white' : 'text-stone-200 hover:bg-stone-800 hover:text-white'
      } ${compact ? 'justify-center px-0' : ''}`}
    >
      <Icon />
      {!compact && <span>{label}</span>}
    </Link>
  );

  const nav = (compact: boolean, onKeyDown?: KeyboardEventHandler) => (
    <nav aria-label="Back-office" className="flex flex-1 flex-col">
      <ul className="flex-1 space-y-1 p-2">
        {(setupOnly ? [] : shown).map((link) => (
          <li key={link.to}>{navLink(link, compact, onKeyDown)}</li>
        ))}
      </ul>
      <div className="space-y-1 border-t border-stone-700 p-2">
        {navLink(ACCOUNT, compact, onKeyDown)}
        <button
          type="button"
          onClick={() => void onLogout()}
          onKeyDown={onKeyDown}
          disabled={loggingOut}
          title={compact ? 'Logout' : undefined}
          aria-label={compact ? 'Logout' : undefined}
          className={`flex min-h-10 w-full items-center gap-3 rounded-md px-3 text-sm font-medium text-stone-200 hover:bg-stone-800 hover:text-white ${compact ? 'justify-center px-0' : ''}`}
        >
          <LogoutIcon />
          {!compact && <span>Logout</span>}
        </button>
      </div>
    </nav>
  );

  return (
    <>
      <div className="min-h-screen bg-stone-100 text-stone-900 md:flex">
        <a
          href="#admin-main"
          className="sr-only z-50 rounded bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
        >
          Skip to content
        </a>
        {/* Desktop: a sidebar that collapses to icons. */}
        <aside
          className={`on-dark sticky top-0 hidden h-screen shrink-0 flex-col bg-stone-900 md:flex ${collapsed ? 'w-16' : 'w-52'}`}
        >
          <div
            className={`flex h-14 items-center border-b border-stone-700 px-3 ${collapsed ? 'justify-center' : 'justify-between'}`}
          >
            {!collapsed && <span className="min-w-0 truncate text-[0.8125rem] font-bold text-white">{BRAND}</span>}
            <button
              type="button"
              className="inline-flex size-9 items-center justify-center rounded-md text-stone-200 hover:bg-stone-800 hover:text-white"
              aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
              aria-expanded={!collapsed}
              onClick={() => setCollapsed((c) => !c)}
            >
              {collapsed ? <ExpandIcon /> : <CollapseIcon />}
            </button>
          </div>
          {nav(collapsed)}
        </aside>

        <div className="flex min-w-0 flex-1 flex-col">
          {/* Phone: a top bar with the menu one tap away. */}
          <header className="on-dark sticky top-0 z-40 flex h-14 items-center gap-2 bg-stone-900 px-2 text-white md:hidden">
            <button
              type="button"
              className="inline-flex size-11 items-center justify-center rounded-md"
              aria-label={drawerOpen ? 'Close menu' : 'Open menu'}
              aria-expanded={drawerOpen}
              aria-controls="admin-drawer"
              onClick={() => setDrawerOn(drawerOpen ? null : location.key)}
            >
              {drawerOpen ? <CloseIcon /> : <MenuIcon />}
            </button>
            <span className="truncate text-sm font-bold">{BRAND} · Back-office</span>
          </header>
          {drawerOpen && (
            <div
              id="admin-drawer"
              className="on-dark fixed inset-x-0 bottom-0 top-14 z-40 flex flex-col bg-stone-900 md:hidden"
            >
              {nav(false, (e) => e.key === 'Escape' && setDrawerOn(null))}
            </div>
          )}

          <main id="admin-main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 p-4 outline-none md:p-6">
            <p className="sr-only">{`Signed in as ${displayName}`}</p>
            {noAccess || meRefused ? (
              <div className="max-w-xl space-y-4">
                <h1 className="text-xl font-bold">Back-office</h1>
                <AccessDenied message={NO_ACCESS} />
                <button
                  type="button"
                  className={buttonStyles.secondary}
                  onClick={() => void onLogout()}
                  disabled={loggingOut}
                >
                  Logout
                </button>
              </div>
            ) : setupOnly && location.pathname !== ACCOUNT.to ? (
              <Navigate to={ACCOUNT.to} replace />
            ) : (
              // A screen that fails leaves the sidebar usable.
              <ErrorBoundary home={DASHBOARD}>
                <Suspense fallback={<FormSkeleton />}>
                  <Outlet />
                </Suspense>
              </ErrorBoundary>
            )}
          </main>
        </div>
      </div>
    </>
  );
}
