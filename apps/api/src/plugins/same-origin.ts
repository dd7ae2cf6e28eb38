import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

export const FOREIGN_SITE = 'Requests from other websites are not accepted.';
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True when a browser says the request comes from a page of another site. */
function fromAnotherSite(request: FastifyRequest, publicHost: string | undefined): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  // Clients that are not browsers (curl, the SMS gateway's callbacks, tests) send neither header.
  if (origin === undefined) return false;
  if (!URL.canParse(origin)) return true;
  // Compared by host: behind a TLS-terminating proxy the page is https while this server sees http.
  const host = new URL(origin).host;
  return host !== request.headers.host && host !== publicHost;
}

/**
 * Refuses writes that a page of another site makes a visitor's browser send (a hidden form posting to
 * /api/v1/sells, say): 403 when Sec-Fetch-Site says cross-site or the Origin is not this site. Same-origin
 * pages and clients that send neither header are unaffected.
 */
export function refuseOtherSites(app: FastifyInstance, publicUrl: string | undefined) {
  const publicHost = publicUrl && URL.canParse(publicUrl) ? new URL(publicUrl).host : undefined;
  app.addHook('onRequest', async (request) => {
    if (READS.has(request.method) || !request.url.startsWith('/api/')) return;
    if (fromAnotherSite(request, publicHost)) throw new HttpError(403, FOREIGN_SITE);
  });
}
