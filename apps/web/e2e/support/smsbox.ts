import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { normalizeMalawiPhone } from '@marketplace/shared';

interface Sms {
  to: string;
  message: string;
}

/** Every SMS the loopback gateway of e2e/run.mjs accepted so far. */
function smsbox(): Sms[] {
  const file = process.env.E2E_SMSBOX;
  if (!file) throw new Error('E2E_SMSBOX is not set: run the journeys through e2e/run.mjs');
  return JSON.parse(readFileSync(file, 'utf8')) as Sms[];
}

/** The phone-code SMS, in the page's language (decision 0094). */
const CODE = /^(?:Your Marketplace Malawi code is|Nambala yanu ya Marketplace Malawi ndi) (\d{6})$/;

/** The newest code sent to `phone` after `after` codes had reached it (the outbox sends within seconds). */
export async function codeSentTo(phone: string, after = 0): Promise<string> {
  const to = normalizeMalawiPhone(phone)!;
  const codes = () => smsbox().filter((s) => s.to === to && CODE.test(s.message));
  await expect.poll(() => codes().length, { timeout: 20_000 }).toBeGreaterThan(after);
  return CODE.exec(codes().at(-1)!.message)![1]!;
}

export function codesSentTo(phone: string): number {
  const to = normalizeMalawiPhone(phone)!;
  return smsbox().filter((s) => s.to === to && CODE.test(s.message)).length;
}

/** Every SMS text sent to `phone` so far, oldest first (the outbox sends within seconds: poll). */
export function textsSentTo(phone: string): string[] {
  const to = normalizeMalawiPhone(phone)!;
  return smsbox()
    .filter((s) => s.to === to)
    .map((s) => s.message);
}

/**
 * Confirms the checkout for a phone not yet proved in this browser: the page asks for the SMS code in place,
 * the journey reads it from the gateway and confirms again. `label` and `button` in the page's language.
 */
export async function confirmWithCode(
  page: Page,
  phone: string,
  {
    label = /^We sent a 6-digit code by SMS/,
    button = 'Confirm order',
    atCodeStep,
  }: { label?: RegExp; button?: string; atCodeStep?: () => Promise<void> } = {},
) {
  const before = codesSentTo(phone);
  await page.getByRole('button', { name: button }).click();
  const field = page.getByLabel(label);
  await expect(field).toBeVisible();
  await atCodeStep?.();
  await field.fill(await codeSentTo(phone, before));
  await page.getByRole('button', { name: button }).click();
}

/** Places an order through the API with the phone proved by a code, as a buyer's browser would. */
export async function placeProvedOrder(request: APIRequestContext, order: Record<string, unknown> & { phone: string }) {
  const before = codesSentTo(order.phone);
  expect((await request.post('/api/v1/phone-codes', { data: { phone: order.phone } })).status()).toBe(202);
  return request.post('/api/v1/orders', { data: { ...order, phone_code: await codeSentTo(order.phone, before) } });
}
