import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('applies the defaults', () => {
    expect(loadConfig({})).toMatchObject({ port: 3000, dataDir: './data', databaseUrl: undefined, logLevel: 'info', env: 'development', reservationHours: 48, orderSweepSeconds: 60 });
  });

  it('reads how long orders hold their items and how often expiry runs', () => {
    expect(loadConfig({ RESERVATION_HOURS: '24', ORDER_SWEEP_SECONDS: '30' })).toMatchObject({ reservationHours: 24, orderSweepSeconds: 30 });
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
    [{ ORDER_SWEEP_SECONDS: 'often' }, 'ORDER_SWEEP_SECONDS'],
    [{ ORDER_SWEEP_SECONDS: '1' }, 'ORDER_SWEEP_SECONDS'],
  ])('stops on %j naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid environment: ${name}:`));
  });
});
