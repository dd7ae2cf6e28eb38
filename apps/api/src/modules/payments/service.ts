import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { MobileMoneyGateway } from './gateway.js';
import type { PaymentChecks } from './checks.js';
import { pollTransfers } from './checks.js';
import type { OrderLinks } from '../orders/index.js';
import type { TransferRow } from '../ledger/index.js';
import { queueCharge, sendCharge } from './order-payment.js';
import { refusePromptTooSoon } from './pin-prompts.js';

/** Everything the product needs to take and send mobile money; absent when no gateway is configured. */
export interface Payments extends PaymentChecks {
  /** PAYMENT_HOLD_MINUTES: how long a pay-now order holds its items waiting for the PIN. */
  holdMinutes: number;
  /** PAID_HOLD_DAYS: a paid order waiting longer is shown to staff. */
  paidHoldDays: number;
  /** Runs gateway work after the answer is sent (a webhook's check, a refund to send); see idle. */
  later(task: () => Promise<unknown>): void;
  /** Sends the refunds and payouts just written, without waiting for the poller's next round. */
  nudge(clock: () => Date): void;
  /** Resolves once background work started so far has finished: closing waits for it, and so can tests. */
  idle(): Promise<void>;
  // Checkout's charges, reached through this object so that orders does not import payments (decision 0093).
  /** Refuses a second round of PIN prompts to a phone too soon (pin-prompts.ts). */
  refusePromptTooSoon: typeof refusePromptTooSoon;
  /** Writes an order's charge in the caller's transaction (order-payment.ts). */
  queueCharge: typeof queueCharge;
  /** Sends a charge once its transaction committed. */
  sendCharge(charge: TransferRow, now: Date): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when a gateway is configured: tests wait on it (idle) after a webhook. */
    payments?: Payments;
  }
}

export interface PaymentSettings {
  db: Db;
  gateway: MobileMoneyGateway;
  pollSeconds: number;
  holdMinutes: number;
  paidHoldDays: number;
  log?: FastifyBaseLogger | undefined;
  /** The server's link key: buyers are told of their refunds (decision 0060). */
  links?: OrderLinks | undefined;
}

export function createPayments(settings: PaymentSettings): Payments {
  const running = new Set<Promise<unknown>>();
  const payments: Payments = {
    ...settings,
    later(task) {
      const run = task()
        .catch((error: unknown) => settings.log?.error({ err: error }, 'payment work failed; the poller will retry'))
        .finally(() => running.delete(run));
      running.add(run);
    },
    nudge(clock) {
      payments.later(() => pollTransfers(payments, clock()));
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
    refusePromptTooSoon,
    queueCharge,
    sendCharge: (charge, now) => sendCharge(payments, charge, now),
  };
  return payments;
}
