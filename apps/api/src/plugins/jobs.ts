import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.js';
import { expireDueOrders } from '../modules/orders/service.js';
import type { Transport } from '../modules/notifications/transport.js';
import { deliverDueMessages, reviveUnconfigured } from '../modules/notifications/worker.js';
import { expireDueOffers } from '../modules/seller-requests/service.js';

export interface JobOptions {
  db: Db;
  clock: () => Date;
  /** How often the expiry sweeps run. */
  sweepSeconds: number;
  /** The outbox delivery worker: the configured transports (none: messages wait) and how often it looks. */
  outbox?: { transports: Transport[]; pollSeconds: number };
}

/**
 * Background work of the server process: the reservation and offer expiry sweeps, on a timer. A failed
 * sweep is logged and the next tick tries again; the timer never keeps the process alive and stops (after
 * the sweep in flight) when the app closes. Several processes may sweep at once (see expireDueOrders and
 * expireDueOffers).
 */
export function registerJobs(app: FastifyInstance, { db, clock, sweepSeconds, outbox }: JobOptions) {
  if (outbox) registerOutboxWorker(app, db, clock, outbox);

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;

  const sweep = () => {
    if (running || closed) return;
    const now = clock();
    // One after the other, each failing on its own: a broken order sweep does not keep offers from expiring.
    running = expireDueOrders(db, now)
      .then((expired) => {
        if (expired > 0) app.log.info({ expired }, 'expired orders whose reservation ran out');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'order expiry sweep failed'))
      .then(() => expireDueOffers(db, now))
      .then((expired) => {
        if (expired > 0) app.log.info({ expired }, 'expired offers sellers did not answer in time');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'offer expiry sweep failed'))
      .finally(() => {
        running = undefined;
      });
  };

  app.addHook('onReady', async () => {
    timer = setInterval(sweep, sweepSeconds * 1000);
    timer.unref();
    // Orders that ran out while no server was running expire at start, not a tick later.
    sweep();
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    await running;
  });
}

/**
 * Delivers outbox messages on its own timer, like the sweep above: one delivery run at a time, errors
 * logged, unref'd, stopped on close. Several processes may deliver at once (see deliverDueMessages).
 */
function registerOutboxWorker(
  app: FastifyInstance,
  db: Db,
  clock: () => Date,
  { transports, pollSeconds }: NonNullable<JobOptions['outbox']>,
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;

  const deliver = () => {
    if (running || closed) return;
    running = deliverDueMessages(db, transports, clock(), { log: app.log })
      .then((report) => {
        if (report.sent + report.retried + report.failed > 0) app.log.info(report, 'outbox delivery');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'outbox delivery failed'))
      .finally(() => {
        running = undefined;
      });
  };

  app.addHook('onReady', async () => {
    // A transport set up since the last start sends what waited for it (see reviveUnconfigured).
    const revived = await reviveUnconfigured(db, transports, clock()).catch((error: unknown) => {
      app.log.error({ err: error }, 'outbox: could not requeue unconfigured messages');
      return 0;
    });
    if (revived > 0) app.log.info({ revived }, 'outbox: unconfigured messages queued again');
    app.log.info({ channels: transports.map((t) => t.channel) }, 'outbox delivery worker started');
    timer = setInterval(deliver, pollSeconds * 1000);
    timer.unref();
    deliver();
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    await running;
  });
}
