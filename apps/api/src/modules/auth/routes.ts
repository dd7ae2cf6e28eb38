import { loginResultSchema, loginSchema } from '@marketplace/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { login, logout } from './service.js';
import { addressGroup } from '../../plugins/address-group.js';

const meSchema = z.object({ id: z.number().int(), display_name: z.string(), email: z.string(), role: z.string() });

export const authRoutes: FastifyPluginAsync<{ db: Db }> = async (fastify, { db }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  app.post(
    '/v1/auth/login',
    {
      // Failed attempts are also counted per account and per IP in the database (service.ts); this caps raw volume.
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags, body: loginSchema, response: { 200: loginResultSchema } },
    },
    async (request) => login(db.kysely, request.body, addressGroup(request.ip)),
  );

  app.post('/v1/auth/logout', { config: { access: 'authenticated' }, schema: { tags } }, async (request, reply) => {
    if (request.user) await logout(db.kysely, request.user);
    // Staff leaving a shared computer: the browser drops what it cached of this site. Not "storage": the
    // storefront's basket and offline pages share the origin. A seller's logout keeps the cache, whose
    // scripts and photos would cost a phone its data again.
    if (request.user && request.user.role !== 'User') reply.header('Clear-Site-Data', '"cache"');
    return reply.status(204).send();
  });

  app.get(
    '/v1/auth/me',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: meSchema } } },
    async (request) => {
      const user = request.user!;
      return { id: user.id, display_name: user.displayName, email: user.email, role: user.role };
    },
  );
};
