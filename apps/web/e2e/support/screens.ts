import { expect, type Page } from '@playwright/test';
import { shot } from './admin';
import { expectNoSeriousA11yViolations } from './axe';
import { picture } from './picture';

export const PHONE = { width: 360, height: 740 } as const;
export const LAPTOP = { width: 1280, height: 800 } as const;

/**
 * A checker for one journey's screens: axe-core, then nothing scrolling sideways and a picture at phone
 * and laptop size (apps/web/e2e-artifacts/<prefix>-<name>-<width>.png). The page ends at laptop size,
 * or at phone size for journeys that run on a phone.
 */
export function screenChecks(prefix: string, options: { endAtPhone?: boolean } = {}) {
  const sizes = options.endAtPhone ? [LAPTOP, PHONE] : [PHONE, LAPTOP];
  return async (page: Page, name: string, fullPage = true) => {
    await expectNoSeriousA11yViolations(page, name);
    for (const size of sizes) {
      await page.setViewportSize(size);
      await page.evaluate(() => window.scrollTo(0, 0));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} scrolls sideways at ${size.width}px`).toBeLessThanOrEqual(0);
      await picture(page, shot(`${prefix}-${name}-${size.width}`), { fullPage });
    }
  };
}
