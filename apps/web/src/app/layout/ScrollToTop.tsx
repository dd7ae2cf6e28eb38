import { useEffect, useRef } from 'react';
import { useLocation } from '../../lib/router';

/**
 * Every route change scrolls to the top (a new category or search counts as a new page). Not the
 * page as it was loaded: the browser has placed it, and on a rendered page a visitor may have scrolled
 * before its code arrived (start-after-load.ts).
 */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  const where = pathname + search;
  const shown = useRef(where);
  useEffect(() => {
    if (shown.current === where) return;
    shown.current = where;
    window.scrollTo(0, 0);
  }, [where]);
  return null;
}
