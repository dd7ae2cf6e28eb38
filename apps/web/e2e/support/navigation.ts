import type { Page } from '@playwright/test';

/**
 * Waits until a page rendered by the server has been taken over by its code (start-after-load.ts): before
 * that a link is a plain page load, which a journey going offline must not meet.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
}

/**
 * Opens `path` as a move inside the app (the browser renders it and calls the API itself), not as a page
 * load, which for the entry pages arrives rendered by the server with its data: for journeys that change
 * the API's answers on the way to the page.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.goto('/about');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.evaluate((to) => {
    history.pushState({ usr: null, key: 'e2e' }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
}
