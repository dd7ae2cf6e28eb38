import { useEffect } from 'react';
import { BRAND } from '../lib/brand';

/** Each back-office screen names itself in the tab (and for screen readers arriving on it). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | ${BRAND} back-office`;
  }, [title]);
}
