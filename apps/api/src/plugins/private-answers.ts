import type { FastifyInstance } from 'fastify';

/** Every answer of this plugin's routes holds someone's personal details: never kept by a cache or a CDN. */
export function keepAnswersPrivate(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
  });
}
