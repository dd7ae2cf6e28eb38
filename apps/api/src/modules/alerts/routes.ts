import { alertRequestSchema, alertSetSchema, alertStopParamsSchema, languageOfCookie } from '@marketplace/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { keepAnswersPrivate } from '../../plugins/private-answers.js';
import type { PhoneProof } from '../phone-proof/index.js';
import { setAlert, stopAlerts, type AlertLinks } from './service.js';

export interface AlertRouteOptions {
  db: Db;
  clock: () => Date;
  proof: PhoneProof;
  links: AlertLinks;
}

/** Alerts set per client address in an hour; a phone's own cap is counted in the database (MAX_ALERTS_PER_PHONE). */
export const ALERTS_PER_ADDRESS_HOUR = 30;

/** Buyers' SMS alerts (docs/product.md#alerts, docs/decisions/0070). */
export const alertRoutes: FastifyPluginAsync<AlertRouteOptions> = async (fastify, { db, clock, proof, links }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  keepAnswersPrivate(app);
  app.post(
    '/v1/alerts',
    {
      config: { access: 'public', rateLimit: { max: ALERTS_PER_ADDRESS_HOUR, timeWindow: '1 hour' } },
      schema: { tags: ['alerts'], body: alertRequestSchema, response: { 201: alertSetSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(
        await setAlert(db, {
          proof,
          links,
          input: request.body,
          language: languageOfCookie(request.headers.cookie),
          now: clock(),
        }),
      ),
  );
  // The stop link's page confirms, then calls this. 204 for every token, known or not (no enumeration).
  app.delete(
    '/v1/alerts/:token',
    {
      config: { access: 'public', rateLimit: { max: ALERTS_PER_ADDRESS_HOUR, timeWindow: '1 hour' } },
      schema: { tags: ['alerts'], params: alertStopParamsSchema },
    },
    async (request, reply) => {
      await stopAlerts(db, request.params.token, clock());
      return reply.status(204).send();
    },
  );
};
