import { useEffect } from 'react';
import { useLocation } from '../../lib/router';

/** Spec 2: every route change scrolls to the top (a new category or search counts as a new page). */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}
