import { z } from 'zod';
import { DEFAULT_RETURN_DAYS, DEFAULT_WARRANTY_DAYS, WARRANTY_DAYS_MAX } from '@marketplace/shared';
import {
  ADMIN_PASSWORD_HELP,
  onOff,
  parseTrustProxy,
  strongEnough,
  wholeNumber,
  type TrustProxy,
} from './config-parts.js';
import { SMS_BUDGET_DEFAULTS, type SmsBudget, OUTBOX_CONCURRENCY } from './modules/notifications/index.js';
import {
  DEFAULT_CACHE_MB,
  DEFAULT_LIST_LAG_SECONDS,
  DEFAULT_STALE_IF_ERROR_SECONDS,
} from './plugins/catalogue-cache.js';

export type { TrustProxy };

/** How long a new order holds its items when RESERVATION_HOURS is not set (48 hours: docs/product.md#orders). */
export const DEFAULT_RESERVATION_HOURS = 48;
/** The reservation limits' defaults (docs/decisions/0035). */
export const RESERVATION_DEFAULTS = {
  unprovedHoldHours: 12,
  maxHeldPerPhone: 5,
  maxHeldPerAddress: 10,
  ordersPerAddressHour: 30,
  alarmPerHour: 20,
  codesPerAddressHour: 3,
  codesPerIpv4Hour: 30,
} as const;
export const DEFAULT_SMTP_FROM = 'Marketplace Malawi <no-reply@marketplace.mw>';
const DEFAULT_SMS_API_URL = 'https://api.africastalking.com/version1/messaging';
export const DEFAULT_PAYCHANGU_API_URL = 'https://api.paychangu.com';
/** How long an idle keep-alive connection stays open: above common balancers' idle timeouts (60 s). */
export const DEFAULT_KEEP_ALIVE_SECONDS = 75;
/** How long a seller has to answer an offer when OFFER_DAYS is not set (7 days: docs/product.md#seller-requests). */
export const DEFAULT_OFFER_DAYS = 7;
/** How long a buyer's offer or a counter waits for its answer when OFFER_HOURS is not set (decision 0103). */
export const DEFAULT_BUYER_OFFER_HOURS = 48;
/** The largest coach fare staff may add to an order when COACH_FARE_MAX is not set (MWK 50,000: decision 0082). */
export const DEFAULT_COACH_FARE_MAX = 50_000;
/** Items reports from proved phones may hide by themselves in an hour when REPORT_HIDES_PER_HOUR is not set (0086). */
export const DEFAULT_REPORT_HIDES_PER_HOUR = 5;
/** How long the people of ended orders and seller requests are kept when PERSONAL_DATA_MONTHS is not set (0078). */
export const DEFAULT_PERSONAL_DATA_MONTHS = 24;

// Unset and empty are the same: an optional setting left blank in a .env file.
const optional = (schema: z.ZodString) => schema.optional().or(z.literal('').transform(() => undefined));

// The only reader of process.env: everything else receives a checked Config.
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis://')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().optional(),
    TRUST_PROXY: z.string().default('false').transform(parseTrustProxy),
    ADMIN_EMAIL: z.string().email().optional(),
    ADMIN_PASSWORD: z.string().min(8).max(128).optional(),
    // How long an order holds its items before it expires, and how often the server looks for expired ones.
    RESERVATION_HOURS: wholeNumber('hours', 1, 24 * 30, DEFAULT_RESERVATION_HOURS),
    // Where phones cannot be proved (no SMS transport), a reservation holds its items this long instead.
    UNPROVED_HOLD_HOURS: wholeNumber('hours', 1, 24 * 30, RESERVATION_DEFAULTS.unprovedHoldHours),
    // The most items open orders may hold for one phone number, and for one client address (IPv6: its /64).
    MAX_HELD_ITEMS_PER_PHONE: wholeNumber('items', 1, 1000, RESERVATION_DEFAULTS.maxHeldPerPhone),
    MAX_HELD_ITEMS_PER_ADDRESS: wholeNumber('items', 1, 10_000, RESERVATION_DEFAULTS.maxHeldPerAddress),
    // Orders one client address may place in an hour: stops floods; raise it where a carrier's NAT puts many buyers
    // behind one address (the per-phone caps and the phone proof bound what each of them can hold).
    ORDERS_PER_ADDRESS_HOUR: wholeNumber('orders', 1, 1_000_000, RESERVATION_DEFAULTS.ordersPerAddressHour),
    // SMS codes one IPv6 /64 (one subscriber) may ask for in an hour, and one IPv4 address: Malawi's carriers put many
    // phones behind one IPv4 address, so it is allowed many more and leans on the per-phone and SMS budgets.
    PHONE_CODES_PER_ADDRESS_HOUR: wholeNumber('codes', 1, 1_000_000, RESERVATION_DEFAULTS.codesPerAddressHour),
    PHONE_CODES_PER_IPV4_HOUR: wholeNumber('codes', 1, 1_000_000, RESERVATION_DEFAULTS.codesPerIpv4Hour),
    // Every SMS the product sends counts (decision 0084): at most this many an hour, and to one number in a day
    // (messages staff cause are not held by the second). Over them, codes are refused and other SMS wait.
    SMS_MAX_PER_HOUR: wholeNumber('messages', 1, 1_000_000, SMS_BUDGET_DEFAULTS.perHour),
    SMS_MAX_PER_NUMBER_PER_DAY: wholeNumber('messages', 1, 10_000, SMS_BUDGET_DEFAULTS.perNumberDay),
    // Items reports from proved phones may take off sale by themselves in an hour, over the whole shop (decision 0086).
    REPORT_HIDES_PER_HOUR: wholeNumber('items', 0, 10_000, DEFAULT_REPORT_HIDES_PER_HOUR),
    // The dashboard warns when more items than this were reserved in the last hour.
    RESERVATION_ALARM_PER_HOUR: wholeNumber('items', 1, 1_000_000, RESERVATION_DEFAULTS.alarmPerHour),
    // How long an offer to a seller stays open before it expires unanswered (the same sweep expires it).
    OFFER_DAYS: wholeNumber('days', 1, 90, DEFAULT_OFFER_DAYS),
    // How long a buyer's offer, or the shop's counter, waits for its answer before the sweep expires it (0103).
    OFFER_HOURS: wholeNumber('hours', 1, 720, DEFAULT_BUYER_OFFER_HOURS),
    // After the sale (docs/decisions/0099): days after completion for a return, and the warranty of a phone, tablet
    // or laptop whose page states none. The terms, the FAQ, the product page and the API all read these.
    RETURN_DAYS: wholeNumber('days', 0, 365, DEFAULT_RETURN_DAYS),
    DEFAULT_WARRANTY_DAYS: wholeNumber('days', 0, WARRANTY_DAYS_MAX, DEFAULT_WARRANTY_DAYS),
    // The largest coach fare staff may add to an order: a typing slip never reaches the buyer's total or the ledger.
    COACH_FARE_MAX: wholeNumber('kwacha', 1, 10_000_000, DEFAULT_COACH_FARE_MAX),
    // The most the public answer cache may hold (plugins/catalogue-cache.ts).
    PUBLIC_CACHE_MB: wholeNumber('megabytes', 1, 4096, DEFAULT_CACHE_MB),
    ORDER_SWEEP_SECONDS: wholeNumber('seconds', 5, 3600, 60),
    // How often buyers' alerts are matched and sent (docs/decisions/0070); journeys set it low.
    ALERTS_SWEEP_SECONDS: wholeNumber('seconds', 1, 3600, 60),
    // Messages to sellers (docs/architecture.md#outbox). Without SMTP_URL or the SMS pair they stay in the outbox for
    // staff to see. The messages never quote a value: SMTP_URL and SMS_API_KEY hold secrets.
    SMTP_URL: optional(
      z
        .string()
        .refine(
          (v) => /^smtps?:\/\/[^/?#\s]+/.test(v) && URL.canParse(v),
          'must look like smtp://user:password@host:587 or smtps://...',
        ),
    ),
    SMTP_FROM: z.string().trim().min(3).max(200).default(DEFAULT_SMTP_FROM),
    SMS_API_KEY: optional(z.string()),
    SMS_USERNAME: optional(z.string()),
    SMS_API_URL: z
      .string()
      .refine((v) => /^https?:\/\//.test(v) && URL.canParse(v), 'must be an http(s) URL')
      .default(DEFAULT_SMS_API_URL),
    // Phones show a sender of letters in at most 11 characters (GSM 03.38's alphanumeric address); a gateway
    // refuses or cuts a longer one, so every message would fail: refused here, at start. A number is up to 15 digits.
    SMS_SENDER_ID: optional(
      z
        .string()
        .trim()
        .refine(
          (v) => !/[A-Za-z]/.test(v) || /^[A-Za-z0-9 ]{1,11}$/.test(v),
          'a sender id with letters must be 1 to 11 letters, digits or spaces',
        )
        .refine((v) => /[A-Za-z]/.test(v) || /^\+?\d{3,15}$/.test(v), 'a numeric sender id must be 3 to 15 digits'),
    ),
    // Mobile-money payments through PayChangu (docs/decisions/0048); the key decides test or live mode.
    PAYCHANGU_SECRET_KEY: optional(z.string()),
    PAYCHANGU_WEBHOOK_SECRET: optional(z.string()),
    PAYCHANGU_API_URL: z
      .string()
      .refine((v) => /^https?:\/\//.test(v) && URL.canParse(v), 'must be an http(s) URL')
      .default(DEFAULT_PAYCHANGU_API_URL),
    // TNM Mpamba payouts while PayChangu's operator list says TNM takes no withdrawals (decision 0079): 'bank'
    // sends them through the bank-payout endpoint (once PayChangu activated it), 'manual' leaves them to an Admin.
    PAYCHANGU_TNM_PAYOUT: z.enum(['manual', 'bank'], { message: "must be 'manual' or 'bank'" }).default('manual'),
    // A pay-now order holds its items this long waiting for the PIN; a paid order waiting longer than
    // PAID_HOLD_DAYS is shown to staff; open payments are asked about every PAYMENT_POLL_SECONDS (0052).
    PAYMENT_HOLD_MINUTES: wholeNumber('minutes', 5, 24 * 60, 15),
    PAID_HOLD_DAYS: wholeNumber('days', 1, 365, 14),
    PAYMENT_POLL_SECONDS: wholeNumber('seconds', 1, 3600, 30),
    // Where links in messages point (the storefront's public address), and the key the sellers' status links are
    // derived from: without it a random key is kept in the database (a database leak then reveals the links).
    PUBLIC_URL: optional(
      z
        .string()
        .refine(
          (v) => /^https?:\/\/[^/?#\s]+/.test(v) && URL.canParse(v),
          'must be an http(s) URL such as https://marketplace.mw',
        ),
    ),
    LINK_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
    // Staff log in with a code from an authenticator app after the password (docs/decisions/0050); unset: on
    // in production only.
    REQUIRE_STAFF_MFA: onOff(),
    OUTBOX_POLL_SECONDS: wholeNumber('seconds', 1, 3600, 10),
    // Sends in flight per transport in each process (decision 0088): the gateway and the SMTP server answer several.
    OUTBOX_CONCURRENCY: wholeNumber('sends', 1, 100, OUTBOX_CONCURRENCY),
    // SQLite backups (docs/decisions/0073): where `npm run backup` and the server write them, how often the
    // server takes one (0: never) and how many of the newest it keeps.
    BACKUP_DIR: z.string().min(1).default('./backups'),
    BACKUP_EVERY_HOURS: wholeNumber('hours', 0, 24 * 366, 24),
    BACKUP_KEEP: wholeNumber('backups', 1, 10_000, 7),
    // Names, phones, emails and addresses of orders and seller requests that ended this long ago are erased
    // (docs/decisions/0078): Malawi's Data Protection Act (2024) keeps personal data only as long as needed.
    PERSONAL_DATA_MONTHS: wholeNumber('months', 1, 1200, DEFAULT_PERSONAL_DATA_MONTHS),
    // PostgreSQL: connections per process, TLS, and how long the server lets a statement run or a transaction idle.
    PG_POOL_MAX: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(1)
      .max(200)
      .default(10),
    DATABASE_SSL: z.enum(['disable', 'require', 'verify-full']).default('disable'),
    DATABASE_CA_FILE: optional(z.string()),
    PG_STATEMENT_TIMEOUT_MS: z.coerce
      .number({ message: 'must be a number of milliseconds' })
      .int()
      .min(100)
      .max(600_000)
      .default(10_000),
    PG_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce
      .number({ message: 'must be a number of milliseconds' })
      .int()
      .min(100)
      .max(600_000)
      .default(30_000),
    // HTTP: a whole request (a 3G upload of three photos takes minutes), and how long an idle keep-alive connection stays open.
    REQUEST_TIMEOUT_SECONDS: z.coerce
      .number({ message: 'must be a number of seconds' })
      .int()
      .min(5)
      .max(3600)
      .default(300),
    // Above the idle timeout of the balancers in front (nginx's upstream keepalive_timeout is 60 s): a balancer
    // reusing a connection the server is closing at that moment answers its POST with a 502 (docs/decisions/0075).
    KEEP_ALIVE_SECONDS: wholeNumber('seconds', 1, 600, DEFAULT_KEEP_ALIVE_SECONDS),
    // How long a starting process waits for a database it cannot reach yet, trying again with backoff.
    DB_START_WAIT_SECONDS: wholeNumber('seconds', 0, 3600, 120),
    // GET /api/metrics from anywhere with this bearer token; unset: from this machine only (docs/decisions/0077).
    METRICS_TOKEN: optional(z.string().min(16, 'must be at least 16 characters').regex(/^\S+$/, 'must have no spaces')),
    // How long, during a database outage, the catalogue cache may serve the pages it holds, marked stale.
    STALE_IF_ERROR_SECONDS: wholeNumber('seconds', 0, 86_400, DEFAULT_STALE_IF_ERROR_SECONDS),
    // How long a cached list may lag behind which products it holds (never a shown product's price or hold).
    CATALOGUE_LIST_LAG_SECONDS: wholeNumber('seconds', 0, 60, DEFAULT_LIST_LAG_SECONDS),
  })
  .superRefine((e, ctx) => {
    // The first admin needs both, and in production a password nobody can guess from the docs.
    if (e.ADMIN_EMAIL && !e.ADMIN_PASSWORD)
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'is required when ADMIN_EMAIL is set' });
    if (e.ADMIN_PASSWORD && !e.ADMIN_EMAIL)
      ctx.addIssue({ code: 'custom', path: ['ADMIN_EMAIL'], message: 'is required when ADMIN_PASSWORD is set' });
    if (e.NODE_ENV === 'production' && e.ADMIN_PASSWORD && !strongEnough(e.ADMIN_PASSWORD))
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: ADMIN_PASSWORD_HELP });
    // Without it the key that signs links and seals the two-step secrets lives in the database, so any copy of
    // the database (a backup) holds it too (decision 0087).
    if (e.NODE_ENV === 'production' && !e.LINK_SECRET)
      ctx.addIssue({
        code: 'custom',
        path: ['LINK_SECRET'],
        message:
          'is required in production (at least 32 random characters, e.g. from `openssl rand -base64 48`), so a copy of the database does not hold the key to the links and second factors',
      });
    if (e.DATABASE_CA_FILE && e.DATABASE_SSL !== 'verify-full')
      ctx.addIssue({ code: 'custom', path: ['DATABASE_CA_FILE'], message: 'needs DATABASE_SSL=verify-full' });
    // The gateway needs both; one without the other is a half-done setup, not "SMS off".
    if (e.SMS_API_KEY && !e.SMS_USERNAME)
      ctx.addIssue({ code: 'custom', path: ['SMS_USERNAME'], message: 'is required when SMS_API_KEY is set' });
    if (e.SMS_USERNAME && !e.SMS_API_KEY)
      ctx.addIssue({ code: 'custom', path: ['SMS_API_KEY'], message: 'is required when SMS_USERNAME is set' });
    // Without the webhook secret no event could be trusted; without the key nothing could be asked.
    if (e.PAYCHANGU_SECRET_KEY && !e.PAYCHANGU_WEBHOOK_SECRET)
      ctx.addIssue({
        code: 'custom',
        path: ['PAYCHANGU_WEBHOOK_SECRET'],
        message: 'is required when PAYCHANGU_SECRET_KEY is set',
      });
    if (e.PAYCHANGU_WEBHOOK_SECRET && !e.PAYCHANGU_SECRET_KEY)
      ctx.addIssue({
        code: 'custom',
        path: ['PAYCHANGU_SECRET_KEY'],
        message: 'is required when PAYCHANGU_WEBHOOK_SECRET is set',
      });
  });

/** Africa's Talking (or a gateway speaking its API): set when SMS_API_KEY and SMS_USERNAME are. */
interface SmsGatewayConfig {
  apiKey: string;
  username: string;
  apiUrl: string;
  senderId: string | undefined;
}

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  logLevel: string;
  /** 'lines': one readable line per request (development without LOG_LEVEL); 'json': pino's own lines. */
  logFormat: 'lines' | 'json';
  webDist: string | undefined;
  trustProxy: TrustProxy;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  reservationHours: number;
  unprovedHoldHours: number;
  maxHeldPerPhone: number;
  maxHeldPerAddress: number;
  /** ORDERS_PER_ADDRESS_HOUR: orders one client address may place in an hour. */
  ordersPerAddressHour: number;
  reservationAlarmPerHour: number;
  phoneCodesPerAddressHour: number;
  phoneCodesPerIpv4Hour: number;
  /** SMS_MAX_PER_HOUR and SMS_MAX_PER_NUMBER_PER_DAY (decision 0084). */
  smsBudget: SmsBudget;
  /** REPORT_HIDES_PER_HOUR: items reports may hide by themselves in an hour (0: staff decide every one). */
  reportHidesPerHour: number;
  offerDays: number;
  /** OFFER_HOURS: a buyer's offer or a shop's counter lapses unanswered after this (decision 0103). */
  offerHours: number;
  /** RETURN_DAYS and DEFAULT_WARRANTY_DAYS (decision 0099). */
  afterSale: { returnDays: number; defaultWarrantyDays: number };
  coachFareMax: number;
  orderSweepSeconds: number;
  alertsSweepSeconds: number;
  publicCacheMb: number;
  smtpUrl: string | undefined;
  smtpFrom: string;
  sms: SmsGatewayConfig | undefined;
  /** PayChangu's mobile-money API: set when PAYCHANGU_SECRET_KEY and PAYCHANGU_WEBHOOK_SECRET are. */
  /** timeoutMs: tests shorten the 15 s a call may take. */
  /** tnmPayout: PAYCHANGU_TNM_PAYOUT. */
  paychangu:
    | { apiUrl: string; secretKey: string; webhookSecret: string; timeoutMs?: number; tnmPayout?: 'manual' | 'bank' }
    | undefined;
  paymentHoldMinutes: number;
  paidHoldDays: number;
  paymentPollSeconds: number;
  outboxPollSeconds: number;
  /** Sends in flight per transport in one process (decision 0088). */
  outboxConcurrency: number;
  /** Backups (SQLite or pg_dump): the folder, hours between the server's own (0: none) and how many it keeps. */
  backups: {
    dir: string;
    everyHours: number;
    keep: number;
    /** Tests only: seconds between looks at the folder (600 otherwise). */
    checkSeconds?: number;
  };
  /** Months after an order or seller request ends before the person's details are erased (decision 0078). */
  personalDataMonths: number;
  /** Without a trailing slash; defaults to http://localhost:PORT. */
  publicUrl: string;
  linkSecret: string | undefined;
  /** Opens /api/metrics beyond this machine to this bearer token. */
  metricsToken?: string | undefined;
  /** Every back-office user sets up and uses a second factor (REQUIRE_STAFF_MFA). */
  requireStaffMfa: boolean;
  postgres: {
    poolMax: number;
    ssl: 'disable' | 'require' | 'verify-full';
    caFile: string | undefined;
    statementTimeoutMs: number;
    idleInTransactionTimeoutMs: number;
  };
  requestTimeoutSeconds: number;
  keepAliveSeconds: number;
  /** How long a starting process waits for an unreachable database (DB_START_WAIT_SECONDS). */
  dbStartWaitSeconds: number;
  /** How long cached catalogue answers may be served, marked stale, while the database is unreachable. */
  staleIfErrorSeconds: number;
  catalogueListLagSeconds: number;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment: ${lines.join('; ')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    logFormat: e.NODE_ENV === 'development' && !env.LOG_LEVEL ? 'lines' : 'json',
    webDist: e.WEB_DIST,
    trustProxy: e.TRUST_PROXY,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    reservationHours: e.RESERVATION_HOURS,
    unprovedHoldHours: e.UNPROVED_HOLD_HOURS,
    maxHeldPerPhone: e.MAX_HELD_ITEMS_PER_PHONE,
    maxHeldPerAddress: e.MAX_HELD_ITEMS_PER_ADDRESS,
    ordersPerAddressHour: e.ORDERS_PER_ADDRESS_HOUR,
    reservationAlarmPerHour: e.RESERVATION_ALARM_PER_HOUR,
    phoneCodesPerAddressHour: e.PHONE_CODES_PER_ADDRESS_HOUR,
    phoneCodesPerIpv4Hour: e.PHONE_CODES_PER_IPV4_HOUR,
    smsBudget: { perHour: e.SMS_MAX_PER_HOUR, perNumberDay: e.SMS_MAX_PER_NUMBER_PER_DAY },
    reportHidesPerHour: e.REPORT_HIDES_PER_HOUR,
    offerDays: e.OFFER_DAYS,
    offerHours: e.OFFER_HOURS,
    afterSale: { returnDays: e.RETURN_DAYS, defaultWarrantyDays: e.DEFAULT_WARRANTY_DAYS },
    coachFareMax: e.COACH_FARE_MAX,
    orderSweepSeconds: e.ORDER_SWEEP_SECONDS,
    alertsSweepSeconds: e.ALERTS_SWEEP_SECONDS,
    publicCacheMb: e.PUBLIC_CACHE_MB,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    sms:
      e.SMS_API_KEY && e.SMS_USERNAME
        ? { apiKey: e.SMS_API_KEY, username: e.SMS_USERNAME, apiUrl: e.SMS_API_URL, senderId: e.SMS_SENDER_ID }
        : undefined,
    paychangu:
      e.PAYCHANGU_SECRET_KEY && e.PAYCHANGU_WEBHOOK_SECRET
        ? {
            apiUrl: e.PAYCHANGU_API_URL.replace(/\/+$/, ''),
            secretKey: e.PAYCHANGU_SECRET_KEY,
            webhookSecret: e.PAYCHANGU_WEBHOOK_SECRET,
            tnmPayout: e.PAYCHANGU_TNM_PAYOUT,
          }
        : undefined,
    paymentHoldMinutes: e.PAYMENT_HOLD_MINUTES,
    paidHoldDays: e.PAID_HOLD_DAYS,
    paymentPollSeconds: e.PAYMENT_POLL_SECONDS,
    outboxPollSeconds: e.OUTBOX_POLL_SECONDS,
    outboxConcurrency: e.OUTBOX_CONCURRENCY,
    backups: { dir: e.BACKUP_DIR, everyHours: e.BACKUP_EVERY_HOURS, keep: e.BACKUP_KEEP },
    personalDataMonths: e.PERSONAL_DATA_MONTHS,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    linkSecret: e.LINK_SECRET,
    metricsToken: e.METRICS_TOKEN,
    requireStaffMfa: e.REQUIRE_STAFF_MFA ?? e.NODE_ENV === 'production',
    postgres: {
      poolMax: e.PG_POOL_MAX,
      ssl: e.DATABASE_SSL,
      caFile: e.DATABASE_CA_FILE,
      statementTimeoutMs: e.PG_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: e.PG_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS,
    keepAliveSeconds: e.KEEP_ALIVE_SECONDS,
    dbStartWaitSeconds: e.DB_START_WAIT_SECONDS,
    staleIfErrorSeconds: e.STALE_IF_ERROR_SECONDS,
    catalogueListLagSeconds: e.CATALOGUE_LIST_LAG_SECONDS,
  };
}
