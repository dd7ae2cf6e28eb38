import {
  estimateQuerySchema,
  estimateSchema,
  staffEstimateQuerySchema,
  staffEstimatesSchema,
} from '@marketplace/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { STAFF } from '../../plugins/access.js';
import { idParams } from '../../plugins/params.js';
import { offerEstimate, requestEstimates } from './service.js';

/** The sell form asks as the seller types (debounced): a person's pace, far under this. */
const ESTIMATES_PER_MINUTE = 60;
/**
 * Estimates are kept out of the catalogue cache (its version does not move with offers) and may be this old
 * in any cache instead: an accepted offer shows within 5 minutes (docs/decisions/0055).
 */
export const ESTIMATE_MAX_AGE_SECONDS = 300;

export const estimateRoutes: FastifyPluginAsync<{ db: Db; clock: () => Date }> = async (fastify, { db, clock }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['estimates'];

  app.get(
    '/v1/estimates',
    {
      config: { access: 'public', rateLimit: { max: ESTIMATES_PER_MINUTE, timeWindow: '1 minute' } },
      schema: { tags, querystring: estimateQuerySchema, response: { 200: estimateSchema } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', `public, max-age=${ESTIMATE_MAX_AGE_SECONDS}`);
      return offerEstimate(db.kysely, request.query, clock());
    },
  );

  app.get(
    '/admin/seller-requests/:id/estimates',
    {
      config: { access: STAFF },
      schema: {
        tags,
        params: idParams,
        querystring: staffEstimateQuerySchema,
        response: { 200: staffEstimatesSchema },
      },
    },
    async (request) => requestEstimates(db.kysely, request.params.id, request.query.category_id, clock()),
  );
};
