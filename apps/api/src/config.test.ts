import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { trustProxyWarning } from './config-parts.js';

/** A production start needs the link key (decision 0087). */
const LINK_SECRET = 'k'.repeat(32);

describe('loadConfig', () => {
  it('prints one readable line per request in development, unless LOG_LEVEL or production asks for pino JSON', () => {
    expect(loadConfig({}).logFormat).toBe('lines');
    expect(loadConfig({ LOG_LEVEL: 'info' }).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'production', LINK_SECRET }).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'test' }).logFormat).toBe('json');
  });

  it('applies the defaults', () => {
    expect(loadConfig({})).toMatchObject({
      port: 3000,
      dataDir: './data',
      databaseUrl: undefined,
      logLevel: 'info',
      logFormat: 'lines',
      env: 'development',
      reservationHours: 48,
      offerDays: 7,
      coachFareMax: 50_000,
      orderSweepSeconds: 60,
      alertsSweepSeconds: 60,
    });
  });

  it('reads how long orders hold their items and how often expiry runs', () => {
    expect(loadConfig({ RESERVATION_HOURS: '24', ORDER_SWEEP_SECONDS: '30' })).toMatchObject({
      reservationHours: 24,
      orderSweepSeconds: 30,
    });
  });

  it('reads how much the public answer cache may hold', () => {
    expect(loadConfig({}).publicCacheMb).toBe(64);
    expect(loadConfig({ PUBLIC_CACHE_MB: '16' }).publicCacheMb).toBe(16);
  });

  it('reads how long a seller has to answer an offer', () => {
    expect(loadConfig({ OFFER_DAYS: '14' }).offerDays).toBe(14);
    expect(loadConfig({}).offerHours).toBe(48);
    expect(loadConfig({ OFFER_HOURS: '72' }).offerHours).toBe(72);
  });

  it('lets reports from proved phones hide 5 items an hour unless told otherwise; 0 leaves every one to staff', () => {
    expect(loadConfig({}).reportHidesPerHour).toBe(5);
    expect(loadConfig({ REPORT_HIDES_PER_HOUR: '0' }).reportHidesPerHour).toBe(0);
    expect(() => loadConfig({ REPORT_HIDES_PER_HOUR: 'few' })).toThrow(/REPORT_HIDES_PER_HOUR/);
    expect(() => loadConfig({ REPORT_HIDES_PER_HOUR: '-1' })).toThrow(/REPORT_HIDES_PER_HOUR/);
  });

  it('reads the largest coach fare staff may add', () => {
    expect(loadConfig({ COACH_FARE_MAX: '80000' }).coachFareMax).toBe(80_000);
  });

  it('backs up to ./backups every 24 hours keeping 7 unless told otherwise; 0 hours means never', () => {
    expect(loadConfig({}).backups).toEqual({ dir: './backups', everyHours: 24, keep: 7 });
    expect(loadConfig({ BACKUP_DIR: '/srv/backups', BACKUP_EVERY_HOURS: '0', BACKUP_KEEP: '30' }).backups).toEqual({
      dir: '/srv/backups',
      everyHours: 0,
      keep: 30,
    });
  });

  it('keeps the people of ended orders and seller requests 24 months unless told otherwise', () => {
    expect(loadConfig({}).personalDataMonths).toBe(24);
    expect(loadConfig({ PERSONAL_DATA_MONTHS: '36' }).personalDataMonths).toBe(36);
    expect(() => loadConfig({ PERSONAL_DATA_MONTHS: '0' })).toThrow(/PERSONAL_DATA_MONTHS/);
  });

  it('reads a PostgreSQL URL and treats an empty one as unset', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).databaseUrl).toBe('postgres://u@h:5432/db');
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ RESERVATION_HOURS: 'two days' }, 'RESERVATION_HOURS'],
    [{ RESERVATION_HOURS: '0' }, 'RESERVATION_HOURS'],
    [{ RESERVATION_HOURS: '1.5' }, 'RESERVATION_HOURS'],
    [{ OFFER_DAYS: 'a week' }, 'OFFER_DAYS'],
    [{ OFFER_DAYS: '0' }, 'OFFER_DAYS'],
    [{ OFFER_HOURS: '0' }, 'OFFER_HOURS'],
    [{ OFFER_DAYS: '91' }, 'OFFER_DAYS'],
    [{ COACH_FARE_MAX: '0' }, 'COACH_FARE_MAX'],
    [{ COACH_FARE_MAX: '50,000' }, 'COACH_FARE_MAX'],
    [{ ORDER_SWEEP_SECONDS: 'often' }, 'ORDER_SWEEP_SECONDS'],
    [{ ORDER_SWEEP_SECONDS: '1' }, 'ORDER_SWEEP_SECONDS'],
    [{ ALERTS_SWEEP_SECONDS: '0' }, 'ALERTS_SWEEP_SECONDS'],
    [{ PUBLIC_CACHE_MB: '0' }, 'PUBLIC_CACHE_MB'],
    [{ PUBLIC_CACHE_MB: 'lots' }, 'PUBLIC_CACHE_MB'],
    [{ BACKUP_EVERY_HOURS: '-1' }, 'BACKUP_EVERY_HOURS'],
    [{ BACKUP_EVERY_HOURS: 'daily' }, 'BACKUP_EVERY_HOURS'],
    [{ BACKUP_KEEP: '0' }, 'BACKUP_KEEP'],
  ])('stops on %j naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid environment: ${name}:`));
  });
});

describe('loadConfig: message delivery', () => {
  it('has no transport by default and polls the outbox every 10 seconds', () => {
    expect(loadConfig({})).toMatchObject({
      smtpUrl: undefined,
      smtpFrom: 'Marketplace Malawi <no-reply@marketplace.mw>',
      sms: undefined,
      outboxPollSeconds: 10,
    });
  });

  // Issue 35 (decision 0084): the SMS budget, and codes per IPv4 address apart from an IPv6 /64.
  it('budgets 500 SMS an hour and 10 a number a day, and 30 codes an IPv4 address an hour, unless told', () => {
    expect(loadConfig({})).toMatchObject({
      smsBudget: { perHour: 500, perNumberDay: 10 },
      phoneCodesPerAddressHour: 3,
      phoneCodesPerIpv4Hour: 30,
    });
    expect(
      loadConfig({ SMS_MAX_PER_HOUR: '80', SMS_MAX_PER_NUMBER_PER_DAY: '4', PHONE_CODES_PER_IPV4_HOUR: '100' }),
    ).toMatchObject({ smsBudget: { perHour: 80, perNumberDay: 4 }, phoneCodesPerIpv4Hour: 100 });
    for (const [name, value] of [
      ['SMS_MAX_PER_HOUR', '0'],
      ['SMS_MAX_PER_HOUR', 'lots'],
      ['SMS_MAX_PER_NUMBER_PER_DAY', '1.5'],
      ['PHONE_CODES_PER_IPV4_HOUR', '0'],
    ])
      expect(() => loadConfig({ [name!]: value })).toThrow(new RegExp(`^Invalid environment: ${name}:`));
  });

  it('lets one address place 30 orders an hour unless ORDERS_PER_ADDRESS_HOUR says more (a carrier NAT)', () => {
    expect(loadConfig({}).ordersPerAddressHour).toBe(30);
    expect(loadConfig({ ORDERS_PER_ADDRESS_HOUR: '300' }).ordersPerAddressHour).toBe(300);
    expect(() => loadConfig({ ORDERS_PER_ADDRESS_HOUR: '0' })).toThrow(
      /^Invalid environment: ORDERS_PER_ADDRESS_HOUR:/,
    );
  });

  it('points links at PUBLIC_URL (without a trailing slash), else at this server', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://marketplace.mw/', LINK_SECRET: 'k'.repeat(32) })).toMatchObject({
      publicUrl: 'https://marketplace.mw',
      linkSecret: 'k'.repeat(32),
    });
    expect(loadConfig({ PORT: '8080' })).toMatchObject({ publicUrl: 'http://localhost:8080', linkSecret: undefined });
  });

  it('warns at start of a TRUST_PROXY hop count while HOST listens on every interface', () => {
    const warning = (env: Record<string, string>) => trustProxyWarning(loadConfig(env));
    expect(warning({ TRUST_PROXY: '1' })).toMatch(
      /^TRUST_PROXY=1 trusts one hop of X-Forwarded-For while HOST=0\.0\.0\.0 lets clients reach this port directly.*set HOST=127\.0\.0\.1/,
    );
    expect(warning({ TRUST_PROXY: 'true', HOST: '::' })).toMatch(/^TRUST_PROXY=1 /);
    expect(warning({ TRUST_PROXY: '2', HOST: '0.0.0.0' })).toMatch(/trusts 2 hops/);
    expect(warning({ TRUST_PROXY: '1', HOST: '127.0.0.1' })).toBeUndefined();
    expect(warning({ TRUST_PROXY: '10.0.0.0/8' })).toBeUndefined();
    expect(warning({})).toBeUndefined();
  });

  it('refuses to start in production without LINK_SECRET, saying why', () => {
    for (const unset of [{}, { LINK_SECRET: '' }])
      expect(() => loadConfig({ NODE_ENV: 'production', ...unset })).toThrow(
        /LINK_SECRET: is required in production .*so a copy of the database does not hold the key/,
      );
    expect(loadConfig({ NODE_ENV: 'production', LINK_SECRET }).linkSecret).toBe(LINK_SECRET);
    expect(loadConfig({ NODE_ENV: 'test' }).linkSecret).toBeUndefined();
  });

  it('requires staff second factors in production unless REQUIRE_STAFF_MFA says otherwise', () => {
    expect(loadConfig({}).requireStaffMfa).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', LINK_SECRET }).requireStaffMfa).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', LINK_SECRET, REQUIRE_STAFF_MFA: 'false' }).requireStaffMfa).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', LINK_SECRET, REQUIRE_STAFF_MFA: '' }).requireStaffMfa).toBe(true);
    for (const on of ['true', '1', 'ON', 'yes'])
      expect(loadConfig({ REQUIRE_STAFF_MFA: on }).requireStaffMfa).toBe(true);
    expect(() => loadConfig({ REQUIRE_STAFF_MFA: 'sometimes' })).toThrow(
      /^Invalid environment: REQUIRE_STAFF_MFA: must be true or false/,
    );
  });

  it('reads the SMTP server and the SMS gateway', () => {
    const config = loadConfig({
      SMTP_URL: 'smtp://mailer:p%40ss@mail.example.mw:587',
      SMTP_FROM: 'Shop <shop@example.mw>',
      SMS_API_KEY: 'k',
      SMS_USERNAME: 'u',
      SMS_SENDER_ID: 'MARKET',
      OUTBOX_POLL_SECONDS: '5',
      OUTBOX_CONCURRENCY: '24',
    });
    expect(config).toMatchObject({
      smtpUrl: 'smtp://mailer:p%40ss@mail.example.mw:587',
      smtpFrom: 'Shop <shop@example.mw>',
      outboxPollSeconds: 5,
      outboxConcurrency: 24,
    });
    expect(loadConfig({}).outboxConcurrency).toBe(40);
    expect(config.sms).toEqual({
      apiKey: 'k',
      username: 'u',
      apiUrl: 'https://api.africastalking.com/version1/messaging',
      senderId: 'MARKET',
    });
    expect(loadConfig({ SMTP_URL: '', SMS_API_KEY: '', SMS_USERNAME: '' })).toMatchObject({
      smtpUrl: undefined,
      sms: undefined,
    });
  });

  it.each([
    [{ SMTP_URL: 'mail.example.mw:587' }, 'SMTP_URL'],
    [{ SMTP_URL: 'https://mail.example.mw' }, 'SMTP_URL'],
    [{ SMTP_URL: 'smtp://' }, 'SMTP_URL'],
    [{ SMS_API_KEY: 'k' }, 'SMS_USERNAME'],
    [{ SMS_USERNAME: 'u' }, 'SMS_API_KEY'],
    [{ SMS_API_URL: 'ftp://gateway' }, 'SMS_API_URL'],
    [{ OUTBOX_POLL_SECONDS: 'often' }, 'OUTBOX_POLL_SECONDS'],
    [{ OUTBOX_POLL_SECONDS: '0' }, 'OUTBOX_POLL_SECONDS'],
    [{ OUTBOX_POLL_SECONDS: '2.5' }, 'OUTBOX_POLL_SECONDS'],
    [{ OUTBOX_CONCURRENCY: '0' }, 'OUTBOX_CONCURRENCY'],
    [{ OUTBOX_CONCURRENCY: '101' }, 'OUTBOX_CONCURRENCY'],
    [{ OUTBOX_CONCURRENCY: 'many' }, 'OUTBOX_CONCURRENCY'],
    [{ PUBLIC_URL: 'marketplace.mw' }, 'PUBLIC_URL'],
    [{ LINK_SECRET: 'short' }, 'LINK_SECRET'],
    // Twelve characters with letters: phones would never show it as sent.
    [{ SMS_SENDER_ID: 'MARKETPLACE1' }, 'SMS_SENDER_ID'],
    [{ SMS_SENDER_ID: 'Market-Place' }, 'SMS_SENDER_ID'],
    [{ SMS_SENDER_ID: '1234567890123456' }, 'SMS_SENDER_ID'],
  ])('stops on %j naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid environment: ${name}:`));
  });

  it.each(['MARKETPLACE', 'Market MW', '2626', '+265991234567'])('takes %j as an SMS sender id', (senderId) => {
    expect(loadConfig({ SMS_API_KEY: 'k', SMS_USERNAME: 'u', SMS_SENDER_ID: senderId }).sms?.senderId).toBe(senderId);
  });

  it('reads PayChangu (both secrets or neither), live by default', () => {
    expect(loadConfig({}).paychangu).toBeUndefined();
    expect(loadConfig({ PAYCHANGU_SECRET_KEY: '', PAYCHANGU_WEBHOOK_SECRET: '' }).paychangu).toBeUndefined();
    expect(loadConfig({ PAYCHANGU_SECRET_KEY: 'sec-live-k', PAYCHANGU_WEBHOOK_SECRET: 'w' }).paychangu).toEqual({
      apiUrl: 'https://api.paychangu.com',
      secretKey: 'sec-live-k',
      webhookSecret: 'w',
      tnmPayout: 'manual',
    });
    expect(
      loadConfig({ PAYCHANGU_SECRET_KEY: 'k', PAYCHANGU_WEBHOOK_SECRET: 'w', PAYCHANGU_TNM_PAYOUT: 'bank' }).paychangu,
    ).toMatchObject({ tnmPayout: 'bank' });
    expect(
      loadConfig({
        PAYCHANGU_SECRET_KEY: 'sec-test-k',
        PAYCHANGU_WEBHOOK_SECRET: 'w',
        PAYCHANGU_API_URL: 'http://127.0.0.1:4010/',
      }).paychangu,
    ).toMatchObject({ apiUrl: 'http://127.0.0.1:4010' });
  });

  it.each([
    [{ PAYCHANGU_SECRET_KEY: 'sec-test-k' }, 'PAYCHANGU_WEBHOOK_SECRET'],
    [{ PAYCHANGU_WEBHOOK_SECRET: 'w' }, 'PAYCHANGU_SECRET_KEY'],
    [{ PAYCHANGU_API_URL: 'api.paychangu.com' }, 'PAYCHANGU_API_URL'],
    [{ PAYCHANGU_TNM_PAYOUT: 'mpamba' }, 'PAYCHANGU_TNM_PAYOUT'],
  ])('stops on %j naming the PayChangu variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid environment: ${name}:`));
  });

  it('never quotes the password of a bad SMTP_URL', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp:/mailer:Sup3rSecret@mail' })).toThrow(
      /^Invalid environment: SMTP_URL: must look like/,
    );
    expect(() => loadConfig({ SMTP_URL: 'smtp:/mailer:Sup3rSecret@mail' })).not.toThrow(/Sup3rSecret/);
  });

  it.each([
    ['false', false],
    ['', false],
    ['1', 1],
    ['2', 2],
    // The old "trust everything" reads as one proxy in front: the client never picks its own address.
    ['true', 1],
    ['10.0.0.0/8', ['10.0.0.0/8']],
    ['10.0.0.0/8, 192.168.1.10,::1', ['10.0.0.0/8', '192.168.1.10', '::1']],
  ])('reads TRUST_PROXY=%j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['yes', '11', '10.0.0.0/33', 'proxy.example.mw', '10.0.0.0/8,nonsense'])(
    'refuses TRUST_PROXY=%j with what it takes',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /^Invalid environment: TRUST_PROXY: must be false, the number of proxies in front \(1\), or their addresses/,
      );
    },
  );

  it('wants the first admin as an email and a password together, and a strong password in production', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'boss@marketplace.mw' })).toThrow(
      /ADMIN_PASSWORD: is required when ADMIN_EMAIL is set/,
    );
    expect(() => loadConfig({ ADMIN_PASSWORD: 'long-enough-password' })).toThrow(
      /ADMIN_EMAIL: is required when ADMIN_PASSWORD is set/,
    );
    expect(loadConfig({ ADMIN_EMAIL: 'boss@marketplace.mw', ADMIN_PASSWORD: 'short-ok' }).adminPassword).toBe(
      'short-ok',
    );
    for (const weak of ['short-ok', 'aaaaaaaaaaaaaaaa', 'malawi-demo-admin-2026', 'MyPassword2026!'])
      expect(
        () =>
          loadConfig({ NODE_ENV: 'production', LINK_SECRET, ADMIN_EMAIL: 'boss@marketplace.mw', ADMIN_PASSWORD: weak }),
        weak,
      ).toThrow(/ADMIN_PASSWORD: must be at least 12 characters in production/);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        LINK_SECRET,
        ADMIN_EMAIL: 'boss@marketplace.mw',
        ADMIN_PASSWORD: 'Chisomo-mangoes-9-Zomba',
      }).adminEmail,
    ).toBe('boss@marketplace.mw');
  });

  it('reads the PostgreSQL and HTTP settings', () => {
    expect(loadConfig({})).toMatchObject({
      postgres: {
        poolMax: 10,
        ssl: 'disable',
        caFile: undefined,
        statementTimeoutMs: 10_000,
        idleInTransactionTimeoutMs: 30_000,
      },
      requestTimeoutSeconds: 300,
      keepAliveSeconds: 75,
      dbStartWaitSeconds: 120,
      staleIfErrorSeconds: 300,
    });
    expect(
      loadConfig({ KEEP_ALIVE_SECONDS: '90', DB_START_WAIT_SECONDS: '0', STALE_IF_ERROR_SECONDS: '60' }),
    ).toMatchObject({ keepAliveSeconds: 90, dbStartWaitSeconds: 0, staleIfErrorSeconds: 60 });
    expect(
      loadConfig({
        PG_POOL_MAX: '30',
        DATABASE_SSL: 'verify-full',
        DATABASE_CA_FILE: '/etc/ssl/db-ca.pem',
        PG_STATEMENT_TIMEOUT_MS: '5000',
      }).postgres,
    ).toMatchObject({
      poolMax: 30,
      ssl: 'verify-full',
      caFile: '/etc/ssl/db-ca.pem',
      statementTimeoutMs: 5000,
    });
    expect(() => loadConfig({ DATABASE_CA_FILE: '/etc/ssl/db-ca.pem' })).toThrow(
      /DATABASE_CA_FILE: needs DATABASE_SSL=verify-full/,
    );
    expect(() => loadConfig({ PG_POOL_MAX: '0' })).toThrow(/PG_POOL_MAX/);
    expect(() => loadConfig({ DATABASE_SSL: 'maybe' })).toThrow(/DATABASE_SSL/);
  });
});
