import type { Page } from '@playwright/test';

// Playwright's own note when the config keeps the service worker out (returning-visit.spec.ts tests it).
const BLOCKED_WORKER = 'Service Worker registration blocked by Playwright';

/** Every console error and uncaught error of the page (a hydration mismatch is reported as one). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if ((message.type() === 'error' || message.type() === 'warning') && message.text() !== BLOCKED_WORKER)
      errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
