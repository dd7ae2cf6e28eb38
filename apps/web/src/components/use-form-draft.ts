import { useEffect } from 'react';
import { readStorage, writeStorage } from '../lib/storage';

// What a person types into a form is kept for this tab as they type, so a reload, a dropped connection or
// a screen that failed to load never makes them type it again (sessionStorage: it goes when the tab closes).
// Here rather than in lib/, which the build puts in every screen's first download: only forms need it.

/** The kept draft: each field of `empty` that was kept with the same type, else its empty value. */
export function readDraft<T extends object>(key: string, empty: T): T {
  const draft = { ...empty } as Record<string, unknown>;
  try {
    const kept: Record<string, unknown> = Object(JSON.parse(readStorage(key, 'sessionStorage') ?? '0'));
    for (const field in draft) if (typeof kept[field] === typeof draft[field]) draft[field] = kept[field];
  } catch {
    // A damaged draft is no draft.
  }
  return draft as T;
}

/** Keeps `values` under `key`; null forgets them (the form was sent). */
export function writeDraft(key: string, values: object | null): void {
  writeStorage(key, values && JSON.stringify(values), 'sessionStorage');
}

type Watch = (callback: (values: object) => void) => { unsubscribe: () => void };

/** Keeps a react-hook-form form's values under `key` as they change (no key: nothing is kept). */
export function useFormDraft(key: string | undefined, watch: Watch): void {
  useEffect(() => {
    if (!key) return;
    const subscription = watch((values) => writeDraft(key, values));
    return () => subscription.unsubscribe();
  }, [key, watch]);
}
