import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database.js';
import { sendProblem } from '../../plugins/errors.js';

export const healthRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get('/health', { config: { access: 'public' } }, async (_request, reply) => {
    try {
      await db.ping();
      return { status: 'ok', database: db.engine };
    } catch {
      return sendProblem(reply, 503, 'Database unreachable');
    }
  });
};
