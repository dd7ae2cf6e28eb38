import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/database.js';
import { countTransfersByStatus } from '../modules/ledger/index.js';
import { countMessagesByState, smsSpentLastHour, type SmsBudget } from '../modules/notifications/index.js';
import { countOrdersByStatus } from '../modules/orders/index.js';
import type { OutboxAlert } from '../modules/notifications/index.js';
import { sendProblem } from './errors.js';
import { HttpFigures, type RouteFigures } from './http-figures.js';
import { isInProcess } from './in-process.js';

// GET /api/metrics in Prometheus' text format (docs/decisions/0077). Labels are our own words only: route patterns
// (never a URL, which may hold a token), methods, statuses, channels, states and job names, so no metric can carry
// a phone, an email or a token, and a stranger's requests cannot add series. A job's name is its `task` label:
// Prometheus sets `job` itself on every series it scrapes (and renamed ours `exported_job`; decision 0090).

const PREFIX = 'marketplace_';
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Seconds: a cached answer takes a millisecond, a 3G upload minutes. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 120];

// Memory, CPU, event-loop lag and the like are the process's: one set, whatever number of apps it builds (tests).
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Already counted in its route's figures by what answered it (a catalogue cache hit): not again on response. */
    counted: boolean;
  }
}

type CacheLookup = 'hit' | 'miss' | 'stale';
const LOOKUPS: readonly CacheLookup[] = ['hit', 'miss', 'stale'];

/** What the rest of the app reports to the metrics as it works. */
export interface Metrics {
  registry: Registry;
  /** A catalogue cache answer: from the cache, made afresh, or served stale during an outage. */
  cacheLookup(result: CacheLookup): void;
  /**
   * The request figures of a method and route pattern: the catalogue cache adds its own answers to them, so
   * registerMetrics' onResponse hook leaves those out (request.counted).
   */
  route(method: string, route: string): RouteFigures;
  /** Runs one background job's round, counting it, its time and, when it throws, its failure. */
  job<T>(name: string, run: () => Promise<T>): Promise<T>;
  /** A message a gateway refused for a reason an operator must fix (its balance is empty). */
  outboxAlert(alert: OutboxAlert): void;
  /** Proved phones' reports hid an item, or would have past the hourly cap (REPORT_HIDES_PER_HOUR). */
  reportHide(result: 'hidden' | 'capped'): void;
  /**
   * A scheduled backup taken, a due one not taken, a round skipped while the last one still ran, or a backup set
   * aside for failing its check (decision 0091).
   */
  backup(result: BackupResult): void;
}

type BackupResult = 'taken' | 'failed' | 'skipped' | 'set_aside';

export function createMetrics(): Metrics {
  const registry = new Registry();
  // Counted as plain numbers on each answer, added to the counter at scrape time (a labelled inc() per cached
  // answer cost more than the count: issue 39).
  const looked: Record<CacheLookup, number> = { hit: 0, miss: 0, stale: 0 };
  new Counter({
    name: `${PREFIX}catalogue_cache_lookups_total`,
    help: 'Catalogue answers by how they were made: hit (from the cache), miss (made afresh), stale (during an outage).',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      for (const result of LOOKUPS) {
        if (looked[result] > 0) this.inc({ result }, looked[result]);
        looked[result] = 0;
      }
    },
  });
  const http = new HttpFigures(HTTP_BUCKETS);
  for (const metric of http.metrics(PREFIX)) registry.registerMetric(metric);
  const runs = new Counter({
    name: `${PREFIX}job_runs_total`,
    help: 'Background job rounds run.',
    labelNames: ['task'],
    registers: [registry],
  });
  const failures = new Counter({
    name: `${PREFIX}job_failures_total`,
    help: 'Background job rounds that failed.',
    labelNames: ['task'],
    registers: [registry],
  });
  const durations = new Histogram({
    name: `${PREFIX}job_duration_seconds`,
    help: 'How long a background job round took.',
    labelNames: ['task'],
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  const outboxAlerts = new Counter({
    name: `${PREFIX}outbox_alerts_total`,
    help: 'Messages a gateway refused for a reason an operator must fix (alert="sms_balance": the SMS account is empty).',
    labelNames: ['alert'],
    registers: [registry],
  });
  // At zero from the start: Prometheus' increase() cannot see the first count of a series that appears with it.
  outboxAlerts.inc({ alert: 'sms_balance' satisfies OutboxAlert }, 0);
  const reportHides = new Counter({
    name: `${PREFIX}report_hides_total`,
    help: 'Items reports from proved phones took off sale (result="hidden"), or left on sale for staff because the hourly cap was reached (result="capped").',
    labelNames: ['result'],
    registers: [registry],
  });
  for (const result of ['hidden', 'capped']) reportHides.inc({ result }, 0);
  const backups = new Counter({
    name: `${PREFIX}backups_total`,
    help: 'Scheduled backups: taken, failed (a due backup not taken), skipped (a round found the last one still running), set_aside (a backup in BACKUP_DIR failed its check).',
    labelNames: ['result'],
    registers: [registry],
  });
  for (const result of ['taken', 'failed', 'skipped', 'set_aside'] satisfies BackupResult[]) backups.inc({ result }, 0);
  return {
    registry,
    cacheLookup: (result) => void looked[result]++,
    route: (method, route) => http.route(method, route),
    outboxAlert: (alert) => outboxAlerts.inc({ alert }),
    reportHide: (result) => reportHides.inc({ result }),
    backup: (result) => backups.inc({ result }),
    async job(name, run) {
      const end = durations.startTimer({ task: name });
      runs.inc({ task: name });
      try {
        return await run();
      } catch (error) {
        failures.inc({ task: name });
        throw error;
      } finally {
        end();
      }
    },
  };
}

/** What the SMS gauges read: the hourly budget, and the clock the hour is counted by. */
export interface SmsBudgetView {
  smsBudget: SmsBudget;
  clock: () => Date;
}

/** Rows counted by the database at each scrape: what a backlog or a stuck payment looks like from outside. */
function databaseGauges(registry: Registry, db: Db, { smsBudget, clock }: SmsBudgetView) {
  const up = new Gauge({
    name: `${PREFIX}database_up`,
    help: '1 when the database answered the last scrape, else 0.',
    registers: [registry],
  });
  const outbox = new Gauge({
    name: `${PREFIX}outbox_messages`,
    help: 'Outbox messages by channel and state (pending, sending, sent, failed, unconfigured).',
    labelNames: ['channel', 'state'],
    registers: [registry],
  });
  const transfers = new Gauge({
    name: `${PREFIX}money_transfers`,
    help: 'Mobile-money transfers by kind (charge, refund, seller_payout) and status (starting, pending, paid, failed, manual: for an Admin to pay by hand).',
    labelNames: ['kind', 'status'],
    registers: [registry],
  });
  const orders = new Gauge({
    name: `${PREFIX}orders`,
    help: 'Orders by status.',
    labelNames: ['status'],
    registers: [registry],
  });
  // The alert rule compares the two: every process counts the same rows, so any one scrape tells the whole spend.
  const smsLastHour = new Gauge({
    name: `${PREFIX}sms_sent_last_hour`,
    help: 'SMS let through the SMS budget in the last hour, by every process (decision 0084).',
    registers: [registry],
  });
  new Gauge({
    name: `${PREFIX}sms_budget_per_hour`,
    help: 'SMS_MAX_PER_HOUR: the most SMS let through in an hour; codes are refused and other SMS wait beyond it.',
    registers: [registry],
  }).set(smsBudget.perHour);
  return async function read() {
    outbox.reset();
    transfers.reset();
    orders.reset();
    try {
      const k = db.kysely;
      const [messages, money, byStatus, sms] = await Promise.all([
        countMessagesByState(k),
        countTransfersByStatus(k),
        countOrdersByStatus(k),
        smsSpentLastHour(k, clock()),
      ]);
      smsLastHour.set(sms);
      for (const row of messages) outbox.set({ channel: row.channel, state: row.state }, row.n);
      for (const row of money) transfers.set({ kind: row.kind, status: row.status }, row.n);
      for (const row of byStatus) orders.set({ status: row.status }, row.n);
      up.set(1);
    } catch {
      up.set(0);
    }
  };
}

/** The connection pool (PostgreSQL) and the catalogue cache's size, read at each scrape. */
function processGauges(registry: Registry, app: FastifyInstance, db: Db) {
  const pool = db.pool;
  if (pool) {
    new Gauge({
      name: `${PREFIX}db_pool_connections`,
      help: 'Database connections of this process by state (in_use, idle).',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const { total, idle } = pool();
        this.set({ state: 'in_use' }, total - idle);
        this.set({ state: 'idle' }, idle);
      },
    });
    new Gauge({
      name: `${PREFIX}db_pool_waiting`,
      help: 'Queries waiting for a free database connection.',
      registers: [registry],
      collect() {
        this.set(pool().waiting);
      },
    });
  }
  new Gauge({
    name: `${PREFIX}catalogue_cache_bytes`,
    help: 'Bytes the catalogue cache holds in this process.',
    registers: [registry],
    collect() {
      this.set(app.hasDecorator('catalogueCacheBytes') ? app.catalogueCacheBytes() : 0);
    },
  });
}

function sameSecret(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

const isLoopback = (address: string | undefined) =>
  address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';

/**
 * Headers by which some proxy says it forwarded a request (nginx's common `X-Real-IP`, RFC 7239's `Forwarded`,
 * the CDNs' own, `Via`): a scraper on this machine sends none of them (decision 0087).
 */
const FORWARDING_HEADERS = [
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-forwarded-server',
  'x-original-forwarded-for',
  'x-real-ip',
  'x-client-ip',
  'x-cluster-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'forwarded',
  'via',
];

/**
 * With METRICS_TOKEN, its bearer token from anywhere; without, this machine only: the connection and the client
 * (request.ip, which follows TRUST_PROXY) are loopback and no forwarding header of any kind came, so a proxy on
 * the same machine (sending only X-Real-IP, say) does not open the metrics to the world.
 */
function mayRead(request: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const given = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    return given !== undefined && sameSecret(given, token);
  }
  return (
    isLoopback(request.raw.socket.remoteAddress) &&
    isLoopback(request.ip) &&
    FORWARDING_HEADERS.every((name) => request.headers[name] === undefined)
  );
}

export const METRICS_REFUSED = 'Metrics are open to this machine only, or with the metrics token.';

/**
 * Counts every request from the network (cached answers leave through reply.hijack() yet still end here: Fastify's
 * response listener is set at routing) and serves the metrics. Register it before the routes, so its hook sees all
 * of them. The server renderer's in-process calls are counted apart, so one page is one request (decision 0090).
 */
export function registerMetrics(
  app: FastifyInstance,
  { db, metrics, token, sms }: { db: Db; metrics: Metrics; token: string | undefined; sms: SmsBudgetView },
) {
  const { registry } = metrics;
  const renderCalls = new Counter({
    name: `${PREFIX}render_calls_total`,
    help: 'API calls the server renderer made in-process for the pages it rendered, by route pattern and status (not among the HTTP requests).',
    labelNames: ['route', 'status'],
    registers: [registry],
  });
  const readDatabase = databaseGauges(registry, db, sms);
  processGauges(registry, app, db);

  app.decorateRequest('counted', false);
  app.addHook('onResponse', (request, reply, done) => {
    // A cached answer, counted by the cache itself.
    if (request.counted) return done();
    const method = METHODS.has(request.method) ? request.method : 'OTHER';
    // The pattern (/api/v1/orders/:token), never the URL; a URL no route knows is one series, not one per URL.
    const route = request.routeOptions.url ?? 'unmatched';
    if (isInProcess(request)) {
      renderCalls.inc({ route, status: String(reply.statusCode) });
      return done();
    }
    metrics.route(method, route).add(reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  app.get('/api/metrics', { config: { access: 'public' } }, async (request, reply) => {
    if (!mayRead(request, token)) return sendProblem(reply, 403, METRICS_REFUSED);
    await readDatabase();
    const merged = Registry.merge([processMetrics(), registry]);
    reply.header('content-type', merged.contentType);
    reply.header('cache-control', 'no-store');
    return merged.metrics();
  });
}
