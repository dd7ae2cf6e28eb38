import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface Finding {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/** Runs axe-core on the page as it is now and fails on any serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page, screen: string): Promise<void> {
  // Colour contrast is measured on what is painted: let short transitions (a toast or dialog fading in)
  // finish first. Long or endless animations (skeleton pulse, a toast's 5 s progress bar) are not awaited.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => {
          const end = a.effect?.getComputedTiming().endTime;
          return typeof end === 'number' && Number.isFinite(end) && end < 2000;
        })
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await page.addScriptTag({ path: axeSource });
  const findings = await page.evaluate(async (): Promise<Finding[]> => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } })
      .axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
      }));
  });
  expect(findings, `${screen}: serious or critical accessibility violations`).toEqual([]);
}
