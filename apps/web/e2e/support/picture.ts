import type { Locator, Page } from '@playwright/test';

// Pictures are for people to look at (apps/web/e2e-artifacts) and assert nothing, so CI, where nobody sees
// them, skips taking them: 239 full-page pictures were about a tenth of the journeys' time. E2E_SCREENSHOTS=1
// takes them in CI too.
const TAKE = !process.env.CI || !!process.env.E2E_SCREENSHOTS;

/** A picture of the page (or one element) at `path`, when pictures are taken. */
export async function picture(target: Page | Locator, path: string, options: { fullPage?: boolean } = {}) {
  if (TAKE) await target.screenshot({ path, ...options });
}
