import type { FastifyInstance } from 'fastify';
import type { Access } from './access.js';

const PRIVATE = 'private, no-store';

/** Every answer of this plugin's routes holds someone's personal details: never kept by a cache or a CDN. */
export function keepAnswersPrivate(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', PRIVATE);
  });
}

/**
 * An answer that depends on who asks (any route that is not public, refusals included) is never kept by a
 * browser's or a proxy's cache: on a shared phone the next person could otherwise be shown it.
 */
export function keepCallersAnswersPrivate(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => {
    const access = request.routeOptions.config.access as Access | undefined;
    if (access !== undefined && access !== 'public') reply.header('Cache-Control', PRIVATE);
  });
}
