import type { FastifyRequest } from 'fastify';

/**
 * The URL as the logs show it (issue 35, decision 0087): the route's pattern with its secret parameters left as
 * `:token`, opaque path segments of unrouted paths as `[token]`, and query values masked, so a log line never
 * holds a private link's token (orders, status links, password resets, seller accounts, alerts) nor the phone or
 * email staff looked up. Ids, page numbers and filters stay readable.
 */
export function loggedUrl(
  request: Pick<FastifyRequest, 'url' | 'params'> & { routeOptions?: { url?: string } },
): string {
  const raw = request.url ?? '';
  const at = raw.indexOf('?');
  const path = at === -1 ? raw : raw.slice(0, at);
  const query = at === -1 ? '' : raw.slice(at + 1);
  const pattern = request.routeOptions?.url;
  const shown = pattern && !pattern.includes('*') ? fromPattern(pattern, request.params) : maskedPath(path);
  const masked = maskedQuery(query);
  return masked ? `${shown}?${masked}` : shown;
}

/** Parameters whose values are secrets, by name: kept as `:name`. */
const SECRET_NAME = /token|code|secret|key|password|link|sig/i;
/** A path segment that looks like a random token: 20 or more base64url characters, with a digit or a capital. */
const OPAQUE = /^(?=.*[0-9A-Z])[A-Za-z0-9_-]{20,}$/;

function fromPattern(pattern: string, params: unknown): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return pattern.replace(/:([A-Za-z0-9_]+)/g, (whole, name: string) => {
    const value = values[name];
    if (SECRET_NAME.test(name) || (typeof value !== 'string' && typeof value !== 'number')) return whole;
    return segment(String(value));
  });
}

function maskedPath(path: string): string {
  return path
    .split('/')
    .map((part) => segment(safeDecode(part)))
    .join('/');
}

function segment(value: string): string {
  if (OPAQUE.test(value)) return '[token]';
  return printable(maskedText(value));
}

function maskedQuery(query: string): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [key, value] of new URLSearchParams(query)) {
    const shown = SECRET_NAME.test(key) ? '[hidden]' : OPAQUE.test(value) ? '[token]' : maskedText(value);
    parts.push(`${printable(key)}=${printable(shown)}`);
  }
  return parts.join('&');
}

const EMAIL = /[^\s@/?&=]+@([^\s@/?&=]+)/g;
/** A phone number as people write it: 7 or more digits, perhaps with +, spaces, dots or dashes between. */
const PHONE = /\+?\d(?:[\s.-]?\d){6,}/g;

/** Emails as `***@domain`, phone numbers (and any long run of digits) as `***` and their last two digits. */
export function maskedText(text: string): string {
  return text
    .replace(EMAIL, (_whole, domain: string) => `***@${domain}`)
    .replace(PHONE, (digits) => `***${digits.replace(/\D/g, '').slice(-2)}`);
}

/** Encoded (no line breaks or spaces reach a log line), but with the masks' `@`, `[` and `]` left readable. */
function printable(text: string): string {
  return encodeURIComponent(text).replace(/%40/g, '@').replace(/%5B/g, '[').replace(/%5D/g, ']');
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
