import { startMoveSchema, stockMovesSchema } from '@marketplace/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { STAFF } from '../../plugins/access.js';
import { idParams } from '../../plugins/params.js';
import { endMove, loadMoves, startMove } from './service.js';

/** Moving stock between shops (docs/decisions/0062): Admin and Moderator. */
export const stockMoveRoutes: FastifyPluginAsync<{ db: Db; clock: () => Date }> = async (fastify, { db, clock }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: STAFF };
  const tags = ['products (admin)'];
  const schema = { tags, params: idParams, response: { 200: stockMovesSchema } };

  app.get('/admin/products/:id/moves', { config, schema }, async (request) => loadMoves(db.kysely, request.params.id));

  app.post('/admin/products/:id/move', { config, schema: { ...schema, body: startMoveSchema } }, async (request) =>
    startMove(db, request.user!, request.params.id, request.body.shop_id, clock()),
  );

  for (const [path, state] of [
    ['receive', 'received'],
    ['cancel', 'cancelled'],
  ] as const) {
    app.post(`/admin/products/:id/move/${path}`, { config, schema }, async (request) =>
      endMove(db, request.user!, request.params.id, state, clock()),
    );
  }
};
