import type { FastifyInstance } from 'fastify';
import type { Readiness } from '../modules/health/index.js';
import { RETRY_AFTER_SECONDS, sendProblem } from './errors.js';

/**
 * While the server starts (it listens before it migrates: decision 0074) only the health routes and the metrics answer;
 * anything else is a 503 with Retry-After, not an error from a table the migrations have not made yet.
 */
export function refuseWhileStarting(app: FastifyInstance, readiness: Readiness) {
  app.addHook('onRequest', async (request, reply) => {
    if (!readiness.starting || request.url.startsWith('/api/health') || request.url.startsWith('/api/metrics')) return;
    reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
    return sendProblem(reply, 503, 'Starting up: try again in a moment');
  });
}
