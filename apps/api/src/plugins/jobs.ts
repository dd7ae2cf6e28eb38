import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.js';
import { expireDueOrders, remindDueOrders } from '../modules/orders/index.js';
import type { OrderLinks } from '../modules/orders/index.js';
import type { Transport, SmsBudget } from '../modules/notifications/index.js';
import { UnrecordedSends, deliverDueMessages, reviveUnconfigured } from '../modules/notifications/index.js';
import { expireDueOffers } from '../modules/seller-requests/index.js';
import { expireDueBuyerOffers } from '../modules/offers/index.js';
import { pollTransfers } from '../modules/payments/index.js';
import type { Payments } from '../modules/payments/index.js';
import type { AlertLinks } from '../modules/alerts/index.js';
import { sweepAlerts } from '../modules/alerts/index.js';
import type { Metrics } from './metrics.js';
import { backupIfDue, FAILED_CHECK_SUFFIX, type BackupSchedule, type CheckedBackups } from '../db/backup.js';
import { oneAtATime } from '../db/advisory-lock.js';
import { eraseEndedPersonalData } from '../modules/personal-data/index.js';

/** How often the server looks whether a backup is due: a backup comes at most this late. */
const BACKUP_CHECK_SECONDS = 600;
/** How often ended records are looked at for erasure: a person's details outlive PERSONAL_DATA_MONTHS by at most this. */
const PERSONAL_DATA_CHECK_SECONDS = 3600;

export interface JobOptions {
  db: Db;
  clock: () => Date;
  /** The jobs start once this resolves: the server's start (migrations) is done (decision 0074). */
  after?: Promise<unknown>;
  /** How often the expiry sweeps run. */
  sweepSeconds: number;
  /** RESERVATION_HOURS: what a pay-now order with a proved phone falls back to when its payment never came. */
  reservationHours?: number;
  /** Mobile money: open charges, refunds and payouts are asked about on its own timer. */
  payments?: Payments | undefined;
  /** The outbox delivery worker: the configured transports (none: messages wait) and how often it looks. */
  outbox?: { transports: Transport[]; pollSeconds: number; smsBudget?: SmsBudget; concurrency?: number };
  /** The server's link key: the sweeps tell buyers of reminders and expiries with a link (decision 0060). */
  links?: OrderLinks;
  /** Buyers' alerts, matched and sent on their own timer (ALERTS_SWEEP_SECONDS, decision 0070). */
  alerts?: { links: AlertLinks; sweepSeconds: number };
  /** Each job's rounds, time and failures are counted (GET /api/metrics). */
  metrics?: Metrics;
  /** Scheduled backups (BACKUP_*, decisions 0073, 0091): SQLite's online backup or pg_dump; none with everyHours 0. */
  backups?: BackupSchedule;
  /** PERSONAL_DATA_MONTHS: the people of orders and seller requests that ended longer ago are erased (0078). */
  personalDataMonths?: number;
}

type Track = <T>(job: string, run: () => Promise<T>) => Promise<T>;

/**
 * Background work of the server process: the reservation and offer expiry sweeps, on a timer (see every:
 * a failed sweep is logged and the next tick tries again; it stops, after the sweep in flight, when the app
 * closes). Several processes may sweep at once (see expireDueOrders and expireDueOffers).
 */
export function registerJobs(
  app: FastifyInstance,
  {
    db,
    clock,
    after = Promise.resolve(),
    sweepSeconds,
    reservationHours,
    payments,
    outbox,
    links,
    alerts,
    backups,
    metrics,
    personalDataMonths,
  }: JobOptions,
) {
  const track: Track = (job, run) => (metrics ? metrics.job(job, run) : run());
  const copier = db.backupTo;
  // Decided from the backups folder, so a second process on the same folder finds the first one's fresh backup
  // and takes none (on PostgreSQL one process at a time decides, under a lock); every round that takes no due
  // backup, and every backup set aside for failing its check, is logged and counted (decision 0091).
  if (backups && backups.everyHours > 0 && copier) {
    const checked: CheckedBackups = new Map();
    let since: Date | undefined;
    every(
      app,
      {
        after,
        seconds: backups.checkSeconds ?? BACKUP_CHECK_SECONDS,
        // A round that finds the last one still running (a dump taking long, or hung) says so rather than pass.
        busy: () => {
          metrics?.backup('skipped');
          app.log.warn({ since }, 'scheduled backup still running from an earlier round: this round skipped');
        },
      },
      () =>
        track('backup', () => {
          since = clock();
          return oneAtATime(db, 'scheduled-backup', () => backupIfDue(copier, backups, clock(), checked));
        })
          .then((round) => {
            if (!round) return;
            for (const { file, problem } of round.setAside) {
              metrics?.backup('set_aside');
              app.log.error({ file: `${file}${FAILED_CHECK_SUFFIX}`, problem }, 'a backup failed its check: set aside');
            }
            if (round.taken) {
              metrics?.backup('taken');
              app.log.info(
                { file: round.taken.file, bytes: round.taken.bytes, pruned: round.pruned },
                'database backed up',
              );
            }
          })
          .catch((error: unknown) => {
            metrics?.backup('failed');
            app.log.error({ err: error }, 'scheduled backup failed: no backup taken');
          }),
    );
  }
  // Several processes may erase at once: each batch holds one lock and skips erased rows (eraseEndedPersonalData).
  if (personalDataMonths)
    every(app, { after, seconds: PERSONAL_DATA_CHECK_SECONDS }, () =>
      track('personal_data', () => eraseEndedPersonalData(db, clock(), personalDataMonths))
        .then((erased) => {
          if (erased.orders + erased.seller_requests + erased.seller_accounts > 0)
            app.log.info(erased, 'erased personal data kept past PERSONAL_DATA_MONTHS');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'personal data erasure failed')),
    );
  if (outbox) registerOutboxWorker(app, { db, clock, after, outbox, track, metrics });
  // Several processes may sweep at once: each phone's SMS is claimed under a lock (sweepAlerts).
  if (alerts)
    every(app, { after, seconds: alerts.sweepSeconds }, () =>
      track('alerts', () => sweepAlerts(db, alerts.links, clock()))
        .then((sent) => {
          if (sent > 0) app.log.info({ sent }, 'alerts sent');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'alerts sweep failed')),
    );
  // Several processes may poll at once: each transfer is claimed before it is asked about (pollTransfers).
  if (payments)
    every(app, { after, seconds: payments.pollSeconds }, () =>
      track('payments', () => pollTransfers(payments, clock())).catch((error: unknown) =>
        app.log.error({ err: error }, 'payment poll failed'),
      ),
    );

  // Orders that ran out while no server was running expire at start, not a tick later.
  every(app, { after, seconds: sweepSeconds }, () => {
    const now = clock();
    // One after the other, each failing on its own: a broken order sweep does not keep offers from expiring.
    return track('order_expiry', () => expireDueOrders(db, now, { fallbackHours: reservationHours, links }))
      .then((expired) => {
        if (expired > 0) app.log.info({ expired }, 'expired orders whose reservation ran out');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'order expiry sweep failed'))
      .then(() => (links ? track('order_reminders', () => remindDueOrders(db, links, now)) : 0))
      .then((reminded) => {
        if (reminded > 0) app.log.info({ reminded }, 'reminded buyers whose reservation ends soon');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'order reminder sweep failed'))
      .then(() => track('offer_expiry', () => expireDueOffers(db, now)))
      .then((expired) => {
        if (expired > 0) app.log.info({ expired }, 'expired offers sellers did not answer in time');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'offer expiry sweep failed'))
      .then(() => track('buyer_offer_expiry', () => expireDueBuyerOffers(db, now)))
      .then((expired) => {
        if (expired > 0) app.log.info({ expired }, "expired buyers' offers and counters not answered in time");
      })
      .catch((error: unknown) => app.log.error({ err: error }, "buyers' offer expiry sweep failed"));
  });
}

/**
 * Delivers outbox messages on its own timer, like the sweep above. Several processes may deliver at once
 * (see deliverDueMessages).
 */
function registerOutboxWorker(
  app: FastifyInstance,
  {
    db,
    clock,
    after,
    outbox: { transports, pollSeconds, smsBudget, concurrency },
    track,
    metrics,
  }: {
    db: Db;
    clock: () => Date;
    after: Promise<unknown>;
    outbox: NonNullable<JobOptions['outbox']>;
    track: Track;
    metrics: Metrics | undefined;
  },
) {
  // Sends made while the database was away, recorded when it returns instead of sent again (docs/decisions/0076).
  const unrecorded = new UnrecordedSends();
  // A delivery draining a backlog stops claiming when the server starts closing; what is in flight settles.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  every(
    app,
    {
      after,
      seconds: pollSeconds,
      // Before the first delivery: a transport set up since the last start sends what waited for it.
      first: async () => {
        const revived = await reviveUnconfigured(db, transports, clock()).catch((error: unknown) => {
          app.log.error({ err: error }, 'outbox: could not requeue unconfigured messages');
          return 0;
        });
        if (revived > 0) app.log.info({ revived }, 'outbox: unconfigured messages queued again');
        app.log.info({ channels: transports.map((t) => t.channel) }, 'outbox delivery worker started');
      },
    },
    () =>
      track('outbox', () =>
        deliverDueMessages(db, transports, clock(), {
          log: app.log,
          unrecorded,
          alert: metrics?.outboxAlert,
          ...(smsBudget ? { smsBudget } : {}),
          ...(concurrency ? { concurrency } : {}),
          stopping: () => closing,
        }),
      )
        .then((report) => {
          if (report.sent + report.retried + report.failed > 0) app.log.info(report, 'outbox delivery');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'outbox delivery failed')),
  );
  // After every's own onClose (which waits for the run in flight): one last try, then say what is left.
  app.addHook('onClose', async () => {
    await unrecorded.record(db, Number.POSITIVE_INFINITY, app.log);
    unrecorded.abandon(app.log);
  });
}

/**
 * Runs `task` every `seconds` once the app is ready and `after` resolved (the server's start is done), and
 * once straight away, after `first` if given. One run at a time: a tick that finds the last run still going
 * is skipped (calling `busy`). The task logs its own failures (one that still escapes is logged here) and the next tick tries
 * again. The timer never keeps the process alive; closing the app stops it and waits for the run in flight.
 */
function every(
  app: FastifyInstance,
  {
    after,
    seconds,
    first,
    busy,
  }: { after: Promise<unknown>; seconds: number; first?: () => Promise<void>; busy?: () => void },
  task: () => Promise<unknown>,
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;
  let afterDone = false;
  let started: Promise<void> | undefined;
  // A start that fails leaves the jobs stopped; the server exits on it anyway.
  const waited = after.then(
    () => void (afterDone = true),
    () => undefined,
  );

  const run = () => {
    if (closed) return;
    if (running) return busy?.();
    running = task()
      .then(() => undefined)
      .catch((error: unknown) => app.log.error({ err: error }, 'background job failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const start = async () => {
    if (closed) return;
    if (first) await first();
    if (closed) return;
    timer = setInterval(run, seconds * 1000);
    timer.unref();
    run();
  };

  app.addHook('onReady', async () => {
    // Already started (tests, or a server whose start is done): begin now, as ready resolves. Otherwise when
    // the start is done, without holding up listen (the server listens while it migrates).
    if (afterDone) await (started = start());
    else started = waited.then(() => (afterDone ? start() : undefined));
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    // A start still waiting for `after` (shutdown while migrating) will not begin: nothing to wait for.
    if (afterDone) await started;
    clearInterval(timer);
    await running;
  });
}
