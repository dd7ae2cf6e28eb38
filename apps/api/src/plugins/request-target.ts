import type { FastifyInstance } from 'fastify';
import { frameworkMessage, sendProblem } from './errors.js';
import { securityHeaders } from './security-headers.js';

/**
 * A `#` never belongs in a request target (a browser keeps the fragment to itself), yet Node accepts one
 * (`GET /product/5#ny`). Refused as a bad URL before any other hook looks at the URL, the catalogue cache
 * included: such a target could otherwise be kept under a key another form of the page is served from.
 * This hook runs before the security-headers hook, so its refusal carries them itself.
 */
export function registerRequestTarget(app: FastifyInstance) {
  const headers = securityHeaders();
  const message = frameworkMessage({ code: 'FST_ERR_BAD_URL' }, 400);
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.raw.url?.includes('#')) return done();
    reply.headers(headers);
    sendProblem(reply, 400, message);
  });
}
