import { createTestApp, testClock, type TestAppOptions } from '../../test/app.js';
import type { Engine } from '../../db/database.js';
import { startPayChangu } from './testing.js';
import { pollTransfers } from './checks.js';

const SECRET_KEY = 'sec-test-orders-0123456789abcdef';
const WEBHOOK_SECRET = 'whsec-orders-0123456789';

/** The app on `engine` with a fake PayChangu on loopback, a clock the test moves, and helpers to drive payments. */
export async function paymentsApp(
  engine: Engine,
  options: TestAppOptions = {},
  /** PAYCHANGU_TNM_PAYOUT for this app (decision 0079). */
  tnmPayout: 'manual' | 'bank' = 'manual',
) {
  const fake = await startPayChangu({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  const clock = testClock(new Date('2026-12-03T09:00:00.000Z'));
  const t = await createTestApp(engine, {
    clock,
    // Short enough for the 'slow' mode's tests, long enough that a loaded CI machine's fake still answers in time.
    paychangu: { apiUrl: fake.url, secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, timeoutMs: 2_000, tnmPayout },
    ...options,
  });
  const payments = t.app.payments!;
  // The fake posts its events over HTTP, as PayChangu does: the app listens once, on a free loopback port.
  let webhook: Promise<string> | undefined;
  const webhookUrl = () =>
    (webhook ??= t.app
      .listen({ port: 0, host: '127.0.0.1' })
      .then((address) => `${address}/api/payments/paychangu/webhook`));
  return {
    ...t,
    fake,
    clock,
    payments,
    /** Sends the gateway's event for a transfer to our webhook and waits for the work it starts. */
    async event(chargeId: string, signing?: 'signed' | 'forged' | 'tampered' | 'unsigned') {
      const sent = await fake.sendWebhook(await webhookUrl(), chargeId, signing);
      await payments.idle();
      return sent;
    },
    /** One round of the poller, once every open transfer is due. */
    async poll(advanceMs = 31_000) {
      clock.advance(advanceMs);
      await pollTransfers(payments, clock());
      await payments.idle();
    },
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
}
