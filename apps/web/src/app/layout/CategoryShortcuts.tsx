import { ALL_CATEGORIES } from '@marketplace/shared';
import type { KeyboardEventHandler } from 'react';
import { Link, useLocation } from '../../lib/router';
import { useI18n } from '../../i18n/context';
import { translateKnown } from '../../i18n/labels';

/** The storefront's category links, "All" first; the current one is marked. */
export function CategoryLinks({
  names,
  linkClass,
  onKeyDown,
}: {
  names: readonly string[];
  linkClass: string;
  onKeyDown?: KeyboardEventHandler<HTMLAnchorElement>;
}) {
  const { pathname, search } = useLocation();
  const i18n = useI18n();
  const current = pathname === '/discover' ? new URLSearchParams(search).get('category')?.toLowerCase() : null;
  return [ALL_CATEGORIES, ...names].map((name) => (
    <li key={name} className="shrink-0">
      <Link
        to={`/discover?category=${encodeURIComponent(name)}`}
        aria-current={current === name.toLowerCase() ? 'page' : undefined}
        className={linkClass}
        onKeyDown={onKeyDown}
      >
        {/* A staff category's name is data; "All" and the six fixed ones are in the catalogue. */}
        {name === ALL_CATEGORIES ? i18n._('All') : translateKnown(i18n, name)}
      </Link>
    </li>
  ));
}

/** One tap to each category's discover page; scrolls sideways on a phone, wraps on a wider screen. */
export function CategoryShortcuts({ names }: { names: readonly string[] }) {
  const i18n = useI18n();
  return (
    <nav aria-label={i18n._('Categories')} className="border-b border-stone-200 bg-white">
      <ul className="mx-auto flex max-w-6xl gap-2 overflow-x-auto px-4 py-2 [scrollbar-width:none] md:flex-wrap">
        <CategoryLinks names={names} linkClass="chip" />
      </ul>
    </nav>
  );
}
