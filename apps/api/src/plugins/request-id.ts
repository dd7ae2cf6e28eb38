import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The header a balancer names a request by (nginx: `proxy_set_header X-Request-Id $request_id`). */
const REQUEST_ID_HEADER = 'x-request-id';

// What a sane id looks like: short, and nothing that could forge a log line or a header (no spaces, quotes,
// control characters). nginx's $request_id (32 hex digits), UUIDs and AWS trace ids all pass.
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's genReqId: the balancer's X-Request-Id when it sent one sane one, else a new UUID, so one request
 * can be followed from the balancer's log into ours (docs/decisions/0075). Fastify's own requestIdHeader is
 * left off: it would take any value unchecked. Taken only behind a balancer (TRUST_PROXY): without one the header
 * is the client's, and a stranger could give many requests one id, or the id of someone else's request, to
 * muddle what the logs say.
 */
export function requestIdOf(behindBalancer: boolean): (req: IncomingMessage) => string {
  return (req) => {
    const sent = behindBalancer ? req.headers[REQUEST_ID_HEADER] : undefined;
    return typeof sent === 'string' && SANE_ID.test(sent) ? sent : randomUUID();
  };
}

/**
 * Echoes the id on every answer but a cached catalogue one, which writes it among its own prepared headers
 * (catalogue-cache.ts, registered before this hook). Set on Fastify's reply, not the raw response: a header set
 * on the raw response made Node's writeHead remove and append every other header one by one (issue 39).
 */
export function registerRequestId(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
}
