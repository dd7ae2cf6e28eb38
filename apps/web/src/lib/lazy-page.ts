import { createContext, createElement, lazy, useContext, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Counts the resets of the nearest error boundary (its Try again, or a navigation). React.lazy keeps a
 * failed load for good, so a screen whose code did not arrive starts a fresh load only on a new count:
 * rendering the failed one again before that rethrows to the boundary instead of looping.
 */
export const LoadAttempt = createContext(0);

/**
 * React.lazy for a module's named export: each screen (or a below-the-fold piece of one) is its own chunk,
 * loaded on first use. A load that gets no answer is tried once more at once (3G drops for a moment), then
 * throws to the nearest error boundary.
 */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): M[K] {
  let Page: LazyExoticComponent<ComponentType<object>> | undefined;
  let failed = false;
  let attempt = 0;
  function LazyPage(props: object) {
    const current = useContext(LoadAttempt);
    if (!Page || (failed && attempt !== current)) {
      failed = false;
      attempt = current;
      Page = lazy(() =>
        load()
          .catch(load)
          .then(
            (module) => ({ default: module[name] as ComponentType<object> }),
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
