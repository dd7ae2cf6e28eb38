import { CATEGORY_SHORTCUTS } from '@marketplace/shared';
import { Link, useLocation } from '../../lib/router';
import { useI18n } from '../../i18n/context';
import { translateKnown } from '../../i18n/labels';

/** One tap to each category's discover page; scrolls sideways on a phone. */
export function CategoryShortcuts() {
  const { pathname, search } = useLocation();
  const i18n = useI18n();
  const current = pathname === '/discover' ? new URLSearchParams(search).get('category') : null;
  return (
    <nav aria-label={i18n._('Categories')} className="border-b border-stone-200 bg-white">
      <ul className="mx-auto flex max-w-6xl gap-2 overflow-x-auto px-4 py-2 [scrollbar-width:none]">
        {CATEGORY_SHORTCUTS.map((name) => {
          const active = current?.toLowerCase() === name.toLowerCase();
          return (
            <li key={name} className="shrink-0">
              <Link
                to={`/discover?category=${encodeURIComponent(name)}`}
                aria-current={active ? 'page' : undefined}
                className="chip"
              >
                {translateKnown(i18n, name)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
