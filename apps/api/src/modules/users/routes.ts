import { createUserSchema, pageQuerySchema, updateUserSchema, userListSchema, userSchema } from '@marketplace/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { ADMIN_ONLY } from '../../plugins/access.js';
import { HttpError } from '../../plugins/errors.js';
import { idParams } from '../../plugins/params.js';
import { findUser, listUsers, USER_NOT_FOUND } from './repository.js';
import { changeUser, createUser, removeUser, toUser, type EndSessions } from './service.js';

export const userRoutes: FastifyPluginAsync<{ db: Db; endSessions: EndSessions }> = async (
  fastify,
  { db, endSessions },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: ADMIN_ONLY };
  const tags = ['users'];

  app.get(
    '/admin/users',
    { config, schema: { tags, querystring: pageQuerySchema, response: { 200: userListSchema } } },
    async (request) => {
      const { limit, offset } = request.query;
      const { rows, total } = await listUsers(db.kysely, limit, offset);
      return { users: rows.map(toUser), total, limit, offset };
    },
  );

  app.get(
    '/admin/users/:id',
    { config, schema: { tags, params: idParams, response: { 200: userSchema } } },
    async (request) => {
      const row = await findUser(db.kysely, request.params.id);
      if (!row) throw new HttpError(404, USER_NOT_FOUND);
      return toUser(row);
    },
  );

  app.post(
    '/admin/users',
    { config, schema: { tags, body: createUserSchema, response: { 201: userSchema } } },
    async (request, reply) => {
      return reply.status(201).send(await createUser(db, request.user!, request.body));
    },
  );

  app.put(
    '/admin/users/:id',
    { config, schema: { tags, params: idParams, body: updateUserSchema, response: { 200: userSchema } } },
    async (request) => changeUser(db, request.user!, { id: request.params.id, input: request.body, endSessions }),
  );

  app.delete('/admin/users/:id', { config, schema: { tags, params: idParams } }, async (request, reply) => {
    await removeUser(db, request.user!, request.params.id);
    return reply.status(204).send();
  });
};
