import { useState } from 'react';
import { Link, NavLink, useLocation } from '../../lib/router';
import { CloseIcon, MenuIcon } from '../../components/icons';
import { BRAND } from '../../lib/brand';
import { BasketLink } from './BasketLink';
import { SavedLink } from './SavedLink';
import { SearchForm } from './SearchForm';

type NavItem = [to: string, label: string];
const mainLinks: NavItem[] = [
  ['/', 'Home'],
  ['/discover', 'Buy'],
  ['/sell', 'Sell an Item'],
];
// Spec 2: the mobile menu adds Contact.
const mobileLinks: NavItem[] = [...mainLinks, ['/contact', 'Contact']];

function NavList({ items, className, linkClass }: { items: NavItem[]; className: string; linkClass: string }) {
  return (
    <ul className={className}>
      {items.map(([to, label]) => (
        <li key={to}>
          <NavLink to={to} end={to === '/'} className={linkClass}>
            {label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** Sticky top bar: on a phone the search box sits in its own row, always one tap away. */
export function TopBar() {
  const location = useLocation();
  // The menu belongs to the page it was opened on: any navigation (link, search, back) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === location.key;

  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 shadow-sm backdrop-blur">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-2 px-4 py-2">
        <button
          type="button"
          className="-ml-2 inline-flex size-11 items-center justify-center rounded-md text-stone-800 md:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label="Menu"
          onClick={() => setOpenOn(menuOpen ? null : location.key)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
        <Link to="/" className="inline-flex min-h-11 items-center gap-2 text-base font-extrabold text-teal-800 sm:mr-2 sm:text-lg" aria-label={`${BRAND} home`}>
          {/* Below 400 px the name alone leaves room for the saved items and basket icons on the same row. */}
          <img src="/favicon.svg" alt="" width="28" height="28" className="size-7 max-[399px]:hidden" />
          {BRAND}
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <NavList items={mainLinks} className="flex gap-1" linkClass="nav-item" />
        </nav>
        <div className="order-last w-full md:order-none md:ml-auto md:w-72 lg:w-80 xl:w-96">
          <SearchForm />
        </div>
        <div className="ml-auto flex md:ml-0">
          <SavedLink />
          <BasketLink />
        </div>
      </div>
      {menuOpen && (
        <nav id="mobile-menu" aria-label="Mobile" className="border-t border-stone-200 px-2 py-2 md:hidden" onKeyDown={(e) => e.key === 'Escape' && setOpenOn(null)}>
          <NavList items={mobileLinks} className="" linkClass="flex min-h-12 items-center rounded-md px-3 font-medium text-stone-800 aria-[current=page]:bg-teal-50 aria-[current=page]:text-teal-800" />
        </nav>
      )}
    </header>
  );
}
