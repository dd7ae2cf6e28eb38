import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('applies the defaults', () => {
    expect(loadConfig({})).toMatchObject({ port: 3000, dataDir: './data', databaseUrl: undefined, logLevel: 'info', env: 'development', reservationHours: 48, offerDays: 7, orderSweepSeconds: 60 });
  });

  it('reads how long orders hold their items and how often expiry runs', () => {
    expect(loadConfig({ RESERVATION_HOURS: '24', ORDER_SWEEP_SECONDS: '30' })).toMatchObject({ reservationHours: 24, orderSweepSeconds: 30 });
  });

  it('reads how long a seller has to answer an offer', () => {
    expect(loadConfig({ OFFER_DAYS: '14' }).offerDays).toBe(14);
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
    [{ OFFER_DAYS: '91' }, 'OFFER_DAYS'],
    [{ ORDER_SWEEP_SECONDS: 'often' }, 'ORDER_SWEEP_SECONDS'],
    [{ ORDER_SWEEP_SECONDS: '1' }, 'ORDER_SWEEP_SECONDS'],
  ])('stops on %j naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid environment: ${name}:`));
  });
});

describe('loadConfig: message delivery', () => {
  it('has no transport by default and polls the outbox every 10 seconds', () => {
    expect(loadConfig({})).toMatchObject({ smtpUrl: undefined, smtpFrom: 'Marketplace Malawi <no-reply@marketplace.mw>', sms: undefined, outboxPollSeconds: 10 });
  });

  it('points links at PUBLIC_URL (without a trailing slash), else at this server', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://marketplace.mw/', LINK_SECRET: 'k'.repeat(32) })).toMatchObject({ publicUrl: 'https://marketplace.mw', linkSecret: 'k'.repeat(32) });
    expect(loadConfig({ PORT: '8080' })).toMatchObject({ publicUrl: 'http://localhost:8080', linkSecret: undefined });
  });

  it('reads the SMTP server and the SMS gateway', () => {
    const config = loadConfig({ SMTP_URL: 'smtp://mailer:p%40ss@mail.example.mw:587', SMTP_FROM: 'Shop <shop@example.mw>', SMS_API_KEY: 'k', SMS_USERNAME: 'u', SMS_SENDER_ID: 'MARKET', OUTBOX_POLL_SECONDS: '5' });
    expect(config).toMatchObject({ smtpUrl: 'smtp://mailer:p%40ss@mail.example.mw:587', smtpFrom: 'Shop <shop@example.mw>', outboxPollSeconds: 5 });
    expect(config.sms).toEqual({ apiKey: 'k', username: 'u', apiUrl: 'https://api.africastalking.com/version1/messaging', senderId: 'MARKET' });
    expect(loadConfig({ SMTP_URL: '', SMS_API_KEY: '', SMS_USERNAME: '' })).toMatchObject({ smtpUrl: undefined, sms: undefined });
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
    [{ PUBLIC_URL: 'marketplace.mw' }, 'PUBLIC_URL'],
    [{ LINK_SECRET: 'short' }, 'LINK_SECRET'],
  ])('stops on %j naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid environment: ${name}:`));
  });

  it('never quotes the password of a bad SMTP_URL', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp:/mailer:Sup3rSecret@mail' })).toThrow(/^Invalid environment: SMTP_URL: must look like/);
    expect(() => loadConfig({ SMTP_URL: 'smtp:/mailer:Sup3rSecret@mail' })).not.toThrow(/Sup3rSecret/);
  });
});
