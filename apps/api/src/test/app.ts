import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../app.js';
import type { Db, Engine } from '../db/database.js';
import type { Readiness } from '../modules/health/readiness.js';
import { createTestDb } from './databases.js';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** On PostgreSQL, a pool of its own on the same database: what another server process has (TestDb.connectAgain). */
  connectAgain(): Db;
  close(): Promise<void>;
}

export interface TestAppOptions {
  clock?: () => Date;
  reservationHours?: number;
  unprovedHoldHours?: number;
  maxHeldPerPhone?: number;
  maxHeldPerAddress?: number;
  ordersPerAddressHour?: number;
  reservationAlarmPerHour?: number;
  phoneCodesPerAddressHour?: number;
  phoneCodesPerIpv4Hour?: number;
  /** SMS_MAX_PER_HOUR and SMS_MAX_PER_NUMBER_PER_DAY. */
  smsBudget?: AppOptions['config']['smsBudget'];
  /** REPORT_HIDES_PER_HOUR. */
  reportHidesPerHour?: number;
  /** An SMS gateway: phones are then proved by a code before a reservation. */
  sms?: AppOptions['config']['sms'];
  offerDays?: number;
  /** RETURN_DAYS and DEFAULT_WARRANTY_DAYS. */
  afterSale?: AppOptions['config']['afterSale'];
  coachFareMax?: number;
  jobs?: boolean;
  orderSweepSeconds?: number;
  publicUrl?: string;
  linkSecret?: string;
  trustProxy?: AppOptions['config']['trustProxy'];
  /** A built web app to serve (server-render tests make a small one). */
  webDist?: string;
  /** PUBLIC_CACHE_MB. */
  publicCacheMb?: number;
  /** STALE_IF_ERROR_SECONDS: 0 makes every request during an outage reach the database (and answer 503). */
  staleIfErrorSeconds?: number;
  /** CATALOGUE_LIST_LAG_SECONDS; unset: 0, every list exact at once. */
  catalogueListLagSeconds?: number;
  /** REQUIRE_STAFF_MFA (off in tests unless asked). */
  requireStaffMfa?: boolean;
  /** A mobile-money gateway (a fake PayChangu's address and keys): buyers may then pay now. */
  paychangu?: AppOptions['config']['paychangu'];
  paymentHoldMinutes?: number;
  /** METRICS_TOKEN: /api/metrics then answers this bearer token from anywhere. */
  metricsToken?: string;
  /** BACKUP_DIR, BACKUP_EVERY_HOURS and BACKUP_KEEP (the scheduled backups run only with `jobs`). */
  backups?: AppOptions['config']['backups'];
  /** PERSONAL_DATA_MONTHS (the retention job runs only with `jobs`). */
  personalDataMonths?: number;
  /** The server's start as /api/health/ready and the jobs see it (ready unless given). */
  readiness?: Readiness;
}

/** The real app on the given database, without the web bundle unless `webDist` names one. Closing it leaves the database open. */
export async function buildTestApp(db: Db, options: TestAppOptions = {}): Promise<FastifyInstance> {
  const config: AppOptions['config'] = {
    env: 'test',
    logLevel: 'error',
    webDist: options.webDist,
    trustProxy: options.trustProxy ?? false,
  };
  if (options.reservationHours !== undefined) config.reservationHours = options.reservationHours;
  if (options.unprovedHoldHours !== undefined) config.unprovedHoldHours = options.unprovedHoldHours;
  if (options.maxHeldPerPhone !== undefined) config.maxHeldPerPhone = options.maxHeldPerPhone;
  if (options.maxHeldPerAddress !== undefined) config.maxHeldPerAddress = options.maxHeldPerAddress;
  if (options.ordersPerAddressHour !== undefined) config.ordersPerAddressHour = options.ordersPerAddressHour;
  if (options.reservationAlarmPerHour !== undefined) config.reservationAlarmPerHour = options.reservationAlarmPerHour;
  if (options.sms !== undefined) config.sms = options.sms;
  if (options.phoneCodesPerAddressHour !== undefined)
    config.phoneCodesPerAddressHour = options.phoneCodesPerAddressHour;
  if (options.phoneCodesPerIpv4Hour !== undefined) config.phoneCodesPerIpv4Hour = options.phoneCodesPerIpv4Hour;
  if (options.smsBudget !== undefined) config.smsBudget = options.smsBudget;
  if (options.reportHidesPerHour !== undefined) config.reportHidesPerHour = options.reportHidesPerHour;
  if (options.offerDays !== undefined) config.offerDays = options.offerDays;
  if (options.afterSale !== undefined) config.afterSale = options.afterSale;
  if (options.coachFareMax !== undefined) config.coachFareMax = options.coachFareMax;
  if (options.orderSweepSeconds !== undefined) config.orderSweepSeconds = options.orderSweepSeconds;
  if (options.publicUrl !== undefined) config.publicUrl = options.publicUrl;
  if (options.linkSecret !== undefined) config.linkSecret = options.linkSecret;
  if (options.publicCacheMb !== undefined) config.publicCacheMb = options.publicCacheMb;
  if (options.staleIfErrorSeconds !== undefined) config.staleIfErrorSeconds = options.staleIfErrorSeconds;
  if (options.catalogueListLagSeconds !== undefined) config.catalogueListLagSeconds = options.catalogueListLagSeconds;
  if (options.paychangu !== undefined) config.paychangu = options.paychangu;
  if (options.paymentHoldMinutes !== undefined) config.paymentHoldMinutes = options.paymentHoldMinutes;
  if (options.requireStaffMfa !== undefined) config.requireStaffMfa = options.requireStaffMfa;
  if (options.metricsToken !== undefined) config.metricsToken = options.metricsToken;
  if (options.backups !== undefined) config.backups = options.backups;
  if (options.personalDataMonths !== undefined) config.personalDataMonths = options.personalDataMonths;
  if (options.afterSale !== undefined) config.afterSale = options.afterSale;
  const app = await buildApp({
    config,
    db,
    logger: process.env.TEST_LOG === '1',
    ...(options.clock ? { clock: options.clock } : {}),
    jobs: options.jobs ?? false,
    ...(options.readiness ? { readiness: options.readiness } : {}),
  });
  await app.ready();
  return app;
}

/** The real app on a fresh database of the given engine, without the web bundle. */
export async function createTestApp(engine: Engine = 'sqlite', options: TestAppOptions = {}): Promise<TestApp> {
  const { db, dispose, connectAgain } = await createTestDb(engine);
  const app = await buildTestApp(db, options);
  return {
    app,
    db,
    connectAgain,
    close: async () => {
      await app.close();
      await dispose();
    },
  };
}

/** A clock the test moves by hand; the app reads the time from it. */
export function testClock(start = new Date()) {
  let now = start.getTime();
  const clock = () => new Date(now);
  return Object.assign(clock, {
    set: (at: Date) => void (now = at.getTime()),
    advance: (ms: number) => void (now += ms),
  });
}
