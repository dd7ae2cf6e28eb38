/** A value this browser keeps in localStorage (the basket, the saved items, the back-office session). */
export interface StoredValue<T> {
  /** The value now: the same one back while its stored text is unchanged, as useSyncExternalStore needs. */
  get: () => T;
  /** Tells every subscriber that it changed here: call it after writing. */
  changed: () => void;
  /** For useSyncExternalStore: the listener hears of changes made here and in every other tab. */
  subscribe: (listener: () => void) => () => void;
}

interface StoredValueOptions<T> {
  /** The stored text it is made from (one key's, or several keys' together): parsed again only when it changes. */
  raw: () => string | null;
  /** Whatever is stored (another version's shape, hand-edited junk) becomes a clean value. */
  parse: (raw: string | null) => T;
  /** Whether another tab writing this key changes it. */
  watches: (key: string) => boolean;
}

/** One stored value: read through a cache, changes told to subscribers, other tabs followed (`storage` event). */
export function storedValue<T>({ raw, parse, watches }: StoredValueOptions<T>): StoredValue<T> {
  let cached: { raw: string | null; value: T } | null = null;
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };
  const onStorage = (event: StorageEvent) => {
    // Another tab wrote it (or cleared all storage: key is null then).
    if (event.key === null || watches(event.key)) changed();
  };

  return {
    get() {
      const now = raw();
      if (cached?.raw !== now) cached = { raw: now, value: parse(now) };
      return cached.value;
    },
    changed,
    subscribe(listener) {
      if (listeners.size === 0) window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('storage', onStorage);
      };
    },
  };
}
