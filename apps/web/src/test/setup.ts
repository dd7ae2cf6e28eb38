// The DOM matchers (toBeInTheDocument, toHaveTextContent...); they only extend expect, so the Node-run file loads them harmlessly.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Two cores running several jsdom workers: give findBy/waitFor room before calling a slow render a failure.
configure({ asyncUtilTimeout: 4000 });

// Testing Library only cleans up by itself when test globals are on; this project keeps them off.
afterEach(() => {
  // A file that runs in Node instead of jsdom (lint-zones.test.ts) has no page to clean.
  if (typeof window === 'undefined') return;
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
