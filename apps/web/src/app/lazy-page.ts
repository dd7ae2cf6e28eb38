import { lazy, type ComponentType } from 'react';

/** React.lazy for modules with named exports: each page becomes its own chunk, loaded on first visit. */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
