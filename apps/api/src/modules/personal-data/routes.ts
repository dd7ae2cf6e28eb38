import { eraseAnswerSchema, personalDataSchema, personQuerySchema } from '@marketplace/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { ADMIN_ONLY } from '../../plugins/access.js';
import { erasePerson, lookUp } from './service.js';
import type { Person } from './who.js';

const personOf = (q: { phone?: string | undefined; email?: string | undefined }): Person =>
  q.phone !== undefined ? { phone: q.phone } : { email: q.email as string };

/** Finding, exporting and erasing what is kept about a person: Admins only (docs/decisions/0078). */
export const personalDataRoutes: FastifyPluginAsync<{ db: Db; clock: () => Date }> = async (fastify, { db, clock }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: ADMIN_ONLY };
  const tags = ['personal data'];

  app.get(
    '/admin/personal-data',
    { config, schema: { tags, querystring: personQuerySchema, response: { 200: personalDataSchema } } },
    async (request) => lookUp(db, request.user!, personOf(request.query), 'find'),
  );

  // The file handed to the person: the same answer as the look-up, as a JSON attachment.
  app.get(
    '/admin/personal-data/export',
    { config, schema: { tags, querystring: personQuerySchema } },
    async (request, reply) => {
      const data = await lookUp(db, request.user!, personOf(request.query), 'export');
      const day = clock().toISOString().slice(0, 10);
      return reply
        .type('application/json; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="personal-data-${day}.json"`)
        .send(JSON.stringify({ exported_at: clock().toISOString(), ...data }, null, 2));
    },
  );

  app.post(
    '/admin/personal-data/erase',
    { config, schema: { tags, body: personQuerySchema, response: { 200: eraseAnswerSchema } } },
    async (request) => erasePerson(db, request.user!, personOf(request.body), clock().toISOString()),
  );
};
