import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { listProducts, waitForGrids } from './support/catalogue';

test('search finds a seeded product by a word of its description', async ({ page, request }) => {
  // A word that is in the description but not in the name, so only the description can match it.
  const products = await listProducts(request);
  let pick: { name: string; word: string } | null = null;
  for (const product of products) {
    const nameWords = product.name.toLowerCase();
    const word = (product.description ?? '')
      .split(/[^A-Za-z]+/)
      .find((w) => w.length >= 6 && !nameWords.includes(w.toLowerCase()));
    if (word) {
      pick = { name: product.name, word };
      break;
    }
  }
  if (!pick) throw new Error('no seeded product has a distinctive description word');

  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.fill(pick.word);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/discover\\?search=${pick.word}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for “${pick.word}”`);
  await expect(page.getByRole('main').getByRole('link', { name: pick.name, exact: true })).toBeVisible();
  await expect(box).toHaveValue(pick.word);
  await waitForGrids(page);
  await expectNoSeriousA11yViolations(page, 'search results');
});
