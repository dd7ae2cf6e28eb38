import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.js';
import { expireDueOrders } from '../modules/orders/service.js';

export interface JobOptions {
  db: Db;
  clock: () => Date;
  /** How often the expiry sweep runs. */
  sweepSeconds: number;
}

/**
 * Background work of the server process: the reservation expiry sweep, on a timer. A failed sweep is
 * logged and the next tick tries again; the timer never keeps the process alive and stops (after the
 * sweep in flight) when the app closes. Several processes may sweep at once (see expireDueOrders).
 */
export function registerJobs(app: FastifyInstance, { db, clock, sweepSeconds }: JobOptions) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;

  const sweep = () => {
    if (running || closed) return;
    running = expireDueOrders(db, clock())
      .then((expired) => {
        if (expired > 0) app.log.info({ expired }, 'expired orders whose reservation ran out');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'order expiry sweep failed'))
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
