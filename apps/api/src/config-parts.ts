import net from 'node:net';
import { z } from 'zod';

/**
 * Which proxies in front of the server may say who the client is (X-Forwarded-For): none (false), the
 * nearest `n` (a hop count: the client is the entry the n-th proxy appended), or those at these addresses.
 * Never "any": the left-most entry is written by the client and would let it pick its own address.
 */
export type TrustProxy = false | number | string[];

const PROXY_HELP = 'must be false, the number of proxies in front (1), or their addresses (10.0.0.0/8,192.168.1.10)';

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

export function parseTrustProxy(value: string, ctx: z.RefinementCtx): TrustProxy {
  const v = value.trim();
  if (v === '' || v === 'false' || v === '0') return false;
  // 'true' used to mean "trust everything"; read as the common case, one load balancer in front.
  if (v === 'true') return 1;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops <= 10) return hops;
  } else {
    const list = v.split(',').map((s) => s.trim());
    if (list.every(isAddressOrRange)) return list;
  }
  ctx.addIssue({ code: 'custom', message: PROXY_HELP });
  return false;
}

// A first admin's password in production: long enough to resist guessing and not a known demo or default.
const WEAK = ['malawi-demo-admin', 'password', 'changeme', 'admin'];
export const ADMIN_PASSWORD_HELP = 'must be at least 12 characters in production, and not a default or demo password';

export function strongEnough(password: string): boolean {
  const lower = password.toLowerCase();
  return password.length >= 12 && new Set(password).size >= 6 && !WEAK.some((w) => lower.includes(w));
}

/** A setting that is a whole number of `unit` between `min` and `max`, saying so when it is not. */
export function wholeNumber(unit: string, min: number, max: number, fallback: number) {
  return z.coerce
    .number({ message: `must be a number of ${unit}` })
    .int(`must be a whole number of ${unit}`)
    .min(min)
    .max(max)
    .default(fallback);
}

/** An on/off setting: true, false, 1, 0, on, off, yes or no; unset leaves the caller's default. */
export function onOff() {
  return z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => ['true', 'false', '1', '0', 'on', 'off', 'yes', 'no', ''].includes(v), 'must be true or false')
    .transform((v) => (v === '' ? undefined : ['true', '1', 'on', 'yes'].includes(v)))
    .optional();
}

/** HOST values that listen on every interface, so clients may reach the port without passing the proxy. */
const EVERY_INTERFACE = new Set(['0.0.0.0', '::', '[::]', '0:0:0:0:0:0:0:0']);

/**
 * The warning a start logs when TRUST_PROXY is a hop count while HOST listens on every interface: a client that
 * reaches the port directly writes its own X-Forwarded-For entry, and so chooses the address every per-address
 * limit counts by (decision 0087). Undefined when the pair is safe.
 */
export function trustProxyWarning(config: { host: string; trustProxy: TrustProxy }): string | undefined {
  if (typeof config.trustProxy !== 'number' || config.trustProxy === 0) return undefined;
  if (!EVERY_INTERFACE.has(config.host.trim())) return undefined;
  return (
    `TRUST_PROXY=${config.trustProxy} trusts ${config.trustProxy === 1 ? 'one hop' : `${config.trustProxy} hops`} of X-Forwarded-For while HOST=${config.host} ` +
    'lets clients reach this port directly and write their own address into it, dodging every per-address limit: ' +
    'set HOST=127.0.0.1 when the proxy runs on this machine, or TRUST_PROXY to the proxies\u2019 addresses, or keep the port closed to all but the proxy'
  );
}
