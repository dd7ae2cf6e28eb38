import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { PublicProduct } from '@marketplace/shared';

/** The seeded catalogue as the API serves it: journeys assert against real data, not copies of it. */
export async function listProducts(request: APIRequestContext, query = 'limit=100'): Promise<PublicProduct[]> {
  const response = await request.get(`/api/v1/products?${query}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { products: PublicProduct[] }).products;
}

export async function getProduct(request: APIRequestContext, id: number): Promise<PublicProduct> {
  const response = await request.get(`/api/v1/products/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as PublicProduct;
}

/** Waits until no skeleton card is left, i.e. every grid on the page has its data. */
export async function waitForGrids(page: Page): Promise<void> {
  await expect(page.getByTestId('skeleton-card')).toHaveCount(0);
}

export const money = (price: number) => `MWK ${new Intl.NumberFormat('en-MW').format(price)}`;

/** A seeded item bought now: its page, "Buy Now", then "Place order" from the basket; the page ends at checkout. */
export async function buyNowToCheckout(page: Page, request: APIRequestContext, name: string): Promise<void> {
  const item = (await listProducts(request)).find((p) => p.name === name);
  if (!item) throw new Error(`seeded product ${name} is missing`);
  await page.goto(`/product/${item.id}`);
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/basket$/);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
}
