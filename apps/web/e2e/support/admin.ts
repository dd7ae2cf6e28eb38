import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { picture } from './picture';

/** The seeded Admin account. */
export const ADMIN = { email: 'admin@marketplace.mw', password: 'malawi-demo-admin' };

/** apps/web/e2e-artifacts/<name>.png */
export const shot = (name: string) => fileURLToPath(new URL(`../../e2e-artifacts/${name}.png`, import.meta.url));

/** Pictures the screen full-page at phone (360x740) and laptop (1280x800) size, ending at 1280. */
export async function screenshots(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize({ width: 360, height: 740 });
  await picture(page, shot(`${name}-360`), { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await picture(page, shot(`${name}-1280`), { fullPage: true });
}

export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Back-office' });

/** Fills and sends the open login form; what follows is for the caller to check. */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Logs in from /admin/login (the Admin unless told otherwise) and waits for the dashboard. */
export async function login(page: Page, account: { email: string; password: string } = ADMIN) {
  await page.goto('/admin/login');
  await submitLogin(page, account.email, account.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

export async function logout(page: Page) {
  await sidebar(page).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
}
