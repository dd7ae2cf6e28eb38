import {
  createContext,
  createElement,
  lazy,
  useContext,
  useEffect,
  type ComponentType,
  type LazyExoticComponent,
} from 'react';

/**
 * Counts the resets of the nearest error boundary (its Try again, or a navigation). React.lazy keeps a
 * failed load for good, so a screen whose code did not arrive starts a fresh load only on a new count:
 * rendering the failed one again before that rethrows to the boundary instead of looping.
 */
export const LoadAttempt = createContext(0);

/** Server only (ssr/render.tsx): collects the names of the lazy pieces a render used. */
export const RenderedPieces = createContext<Set<string> | null>(null);

const loaders = new Map<string, (() => Promise<unknown>)[]>();
// src/start-after-load.ts listens for it (a chunk of its own: it cannot import this).
const APP_READY = 'app:ready';
let hydrating: Set<string> | undefined;

/**
 * Loads the named pieces (those the server's render used), so that hydration finds their code ready and
 * does not wait for it; once every one of them is on screen, hydrated, the page says so (APP_READY) and a
 * button tapped while the code was on its way (start-after-load.ts) is pressed again.
 */
export async function loadPieces(names: readonly string[]): Promise<void> {
  hydrating = new Set(names);
  // A piece inside another (the product's details in its page) is known only once the outer one's code has
  // run: load round by round until every named piece is here. Preact's runtime (decision 0100) does not
  // replay a tap on a part of the page still waiting for its code, as React's did.
  const started = new Set<() => Promise<unknown>>();
  for (;;) {
    const fresh = names.flatMap((name) => loaders.get(name) ?? []).filter((load) => !started.has(load));
    if (fresh.length === 0) return;
    fresh.forEach((load) => started.add(load));
    await Promise.all(fresh.map((load) => load().catch(() => undefined)));
  }
}

/**
 * A navigation inside the app: it has taken the page over, though pieces of the first page may never have
 * hydrated (the buyer moved on before their code arrived). Without this the page would never be ready, and
 * start-after-load.ts would go on holding every button tapped on the next pages.
 */
export function appNavigated() {
  if (!hydrating) return;
  hydrating = undefined;
  dispatchEvent(new Event(APP_READY));
}

function shown(name: string) {
  if (!hydrating?.delete(name) || hydrating.size > 0) return;
  hydrating = undefined;
  dispatchEvent(new Event(APP_READY));
}

/** A thenable that React.lazy reads at once (a promise would make it wait a tick): no suspending for code already here. */
function ready<T>(value: T): Promise<T> {
  return { then: (onFulfilled: (value: T) => unknown) => ready(onFulfilled(value)) } as unknown as Promise<T>;
}

/**
 * React.lazy for a module's named export: each screen (or a below-the-fold piece of one) is its own chunk,
 * loaded on first use. A load that gets no answer is tried once more at once (3G drops for a moment), then
 * throws to the nearest error boundary.
 */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): M[K] {
  let Page: LazyExoticComponent<ComponentType<object>> | undefined;
  let loaded: ComponentType<object> | undefined;
  let failed = false;
  let attempt = 0;
  const loadNow = () =>
    load()
      .catch(load)
      .then((module) => (loaded = module[name] as ComponentType<object>));
  loaders.set(String(name), [...(loaders.get(String(name)) ?? []), loadNow]);

  function LazyPage(props: object) {
    useContext(RenderedPieces)?.add(String(name));
    // Runs once the piece is on screen: its own code and everything inside it have been hydrated.
    useEffect(() => shown(String(name)), []);
    const current = useContext(LoadAttempt);
    if (!Page || (failed && attempt !== current)) {
      failed = false;
      attempt = current;
      Page = lazy(() =>
        (loaded ? ready(loaded) : loadNow()).then(
          (component) => ({ default: component }),
          (error: unknown) => {
            failed = true;
            throw error;
          },
        ),
      );
    }
    return createElement(Page, props);
  }
  return LazyPage as M[K];
}
