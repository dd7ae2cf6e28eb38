import { z } from 'zod';

/** How long a new order holds its items when RESERVATION_HOURS is not set (issue 9: 48 hours). */
export const DEFAULT_RESERVATION_HOURS = 48;

// The only reader of process.env: everything else receives a checked Config.
const envSchema = z.object({
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
  TRUST_PROXY: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8).max(128).optional(),
  // How long an order holds its items before it expires, and how often the server looks for expired ones.
  RESERVATION_HOURS: z.coerce.number({ message: 'must be a number of hours' }).int('must be a whole number of hours').min(1).max(24 * 30).default(DEFAULT_RESERVATION_HOURS),
  ORDER_SWEEP_SECONDS: z.coerce.number({ message: 'must be a number of seconds' }).int('must be a whole number of seconds').min(5).max(3600).default(60),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  logLevel: string;
  webDist: string | undefined;
  trustProxy: boolean;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  reservationHours: number;
  orderSweepSeconds: number;
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
    webDist: e.WEB_DIST,
    trustProxy: e.TRUST_PROXY,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    reservationHours: e.RESERVATION_HOURS,
    orderSweepSeconds: e.ORDER_SWEEP_SECONDS,
  };
}
