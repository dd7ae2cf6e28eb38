// The DOM matchers (toBeInTheDocument, toHaveTextContent...); they only extend expect, so the Node-run file loads them harmlessly.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Uploads go through the fetch wrapper here (lib/upload.ts does so without XMLHttpRequest), so the tests'
// fetch mocks answer them; lib/upload.test.ts puts a fake XMLHttpRequest back to test the progress path.
if (typeof window !== 'undefined') Reflect.deleteProperty(globalThis, 'XMLHttpRequest');

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
