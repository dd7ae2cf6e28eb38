/** localStorage by default; sessionStorage for what belongs to this tab only (drafts, a submission's answer). */
type Store = 'localStorage' | 'sessionStorage';

/**
 * Web storage that never throws: private browsing, a full quota or a disabled store must not break
 * a page, it only means nothing is remembered.
 */
export function readStorage(key: string, store: Store = 'localStorage'): string | null {
  try {
    return window[store].getItem(key);
  } catch {
    return null;
  }
}

/** Whether the browser kept it (false in a private window that keeps nothing, or with a full quota). */
export function writeStorage(key: string, value: string | null, store: Store = 'localStorage'): boolean {
  try {
    if (value === null) window[store].removeItem(key);
    else window[store].setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** Every key in the store (empty when it cannot be read), for values kept one key per item. */
export function storageKeys(store: Store = 'localStorage'): string[] {
  try {
    const storage = window[store];
    return Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
      (key): key is string => key !== null,
    );
  } catch {
    return [];
  }
}

const YEAR_S = 365 * 24 * 60 * 60;

/** A choice the server must know too (it renders pages by it): a cookie for the whole site, kept a year. */
export function writeChoiceCookie(name: string, value: string): void {
  document.cookie = `${name}=${value}; Path=/; Max-Age=${YEAR_S}; SameSite=Lax`;
}
