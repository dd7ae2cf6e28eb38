import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';

test('/sell/success says what happens next and links to Contact us', async ({ page }) => {
  await page.goto('/sell/success');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Item successfully submitted!');
  const main = page.getByRole('main');
  await expect(main.getByText('Our team will review your submission shortly.')).toBeVisible();
  await expect(main.getByText("You'll be contacted with an offer.")).toBeVisible();
  await expect(
    main.getByText('If accepted, your items will be listed on our platforms or sold in our partner shops.'),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'sell success');
  await main.getByRole('link', { name: 'Contact us' }).click();
  await expect(page).toHaveURL(/\/contact$/);
});

test('/sell has its heading', async ({ page }) => {
  await page.goto('/sell');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sell or offer us your item');
});
