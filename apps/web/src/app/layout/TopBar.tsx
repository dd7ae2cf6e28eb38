import { CATEGORY_SHORTCUTS } from '@marketplace/shared';
import { useState, type KeyboardEventHandler } from 'react';
import { Link, NavLink, useLocation } from '../../lib/router';
import { CloseIcon, MenuIcon } from '../../components/icons';
import { BRAND } from '../../lib/brand';
import { BasketLink } from './BasketLink';
import { CategoryLinks } from './CategoryShortcuts';
import { LanguageSwitch } from './LanguageSwitch';
import { SavedLink } from './SavedLink';
import { SearchForm } from './SearchForm';
import { useI18n } from '../../i18n/context';

type NavItem = [to: string, label: string];
const mainLinks: NavItem[] = [
  ['/', /*i18n*/ 'Home'],
  ['/discover', /*i18n*/ 'Buy'],
  ['/sell', /*i18n*/ 'Sell an Item'],
];
// The mobile menu adds Contact.
const mobileLinks: NavItem[] = [...mainLinks, ['/contact', /*i18n*/ 'Contact']];

function NavList({
  items,
  className,
  linkClass,
  onKeyDown,
}: {
  items: NavItem[];
  className: string;
  linkClass: string;
  onKeyDown?: KeyboardEventHandler<HTMLAnchorElement>;
}) {
  const i18n = useI18n();
  return (
    <ul className={className}>
      {items.map(([to, label]) => (
        <li key={to}>
          <NavLink to={to} end={to === '/'} className={linkClass} onKeyDown={onKeyDown}>
            {i18n._(label)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

const menuLinkClass =
  'flex min-h-12 items-center rounded-md px-3 font-medium text-stone-800 aria-[current=page]:bg-teal-50 aria-[current=page]:text-teal-800';

/**
 * Sticky top bar: on a phone the search box sits in its own row, always one tap away. The mobile menu also
 * lists the storefront's categories (`categories`, the shell's list).
 */
export function TopBar({ categories = CATEGORY_SHORTCUTS }: { categories?: readonly string[] }) {
  const location = useLocation();
  // The menu belongs to the page it was opened on: any navigation (link, search, back) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === location.key;
  const closeOnEscape: KeyboardEventHandler<HTMLAnchorElement> = (e) => e.key === 'Escape' && setOpenOn(null);
  const i18n = useI18n();

  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 shadow-sm backdrop-blur">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-2 px-4 py-2">
        <button
          type="button"
          className="-ml-2 inline-flex size-11 items-center justify-center rounded-md text-stone-800 md:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={i18n._('Menu')}
          onClick={() => setOpenOn(menuOpen ? null : location.key)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
        <Link
          to="/"
          className="inline-flex min-h-11 items-center gap-2 text-base font-extrabold text-teal-800 sm:mr-2 sm:text-lg"
          aria-label={i18n._('{brand} home', { brand: BRAND })}
        >
          {/* On a phone the name stands on two short lines (and below 400 px without the logo), leaving room on
              the same row for the language switch, the saved items and the basket. */}
          <img src="/favicon.svg" alt="" width="28" height="28" className="size-7 max-[399px]:hidden" />
          <span className="max-[479px]:w-min max-[479px]:text-sm max-[479px]:leading-tight">{BRAND}</span>
        </Link>
        <nav aria-label={i18n._('Main')} className="hidden md:block">
          <NavList items={mainLinks} className="flex gap-1" linkClass="nav-item" />
        </nav>
        <div className="order-last w-full md:order-none md:ml-auto md:w-auto md:min-w-48 md:max-w-96 md:flex-1">
          <SearchForm />
        </div>
        <div className="ml-auto flex items-center">
          <LanguageSwitch />
          <SavedLink />
          <BasketLink />
        </div>
      </div>
      {menuOpen && (
        <nav id="mobile-menu" aria-label={i18n._('Mobile')} className="border-t border-stone-200 px-2 py-2 md:hidden">
          <NavList items={mobileLinks} className="" linkClass={menuLinkClass} onKeyDown={closeOnEscape} />
          <p
            id="menu-categories"
            className="mt-2 border-t border-stone-200 px-3 pt-3 text-sm font-semibold text-stone-600"
          >
            {i18n._('Categories')}
          </p>
          <ul aria-labelledby="menu-categories" className="grid grid-cols-2 gap-x-2">
            <CategoryLinks
              names={categories}
              linkClass={`${menuLinkClass} py-1 leading-tight`}
              onKeyDown={closeOnEscape}
            />
          </ul>
        </nav>
      )}
    </header>
  );
}
