import { RETURN_PHOTOS_MAX, returnCreatedSchema, returnRequestSchema } from '@marketplace/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { addressGroup } from '../../plugins/address-group.js';
import { tokenParams } from '../../plugins/params.js';
import { keepAnswersPrivate } from '../../plugins/private-answers.js';
import { parseFields } from '../../plugins/validation.js';
import { readMultipart } from '../images/index.js';
import type { OrderLinks } from '../orders/index.js';
import type { PhoneProof } from '../phone-proof/index.js';
import { askReturn } from './ask.js';
import type { AfterSaleRules } from './windows.js';

/** Asks one address may send in an hour: a buyer asks once per item; this stops floods and guessing at links. */
export const RETURNS_PER_ADDRESS_HOUR = 10;

export interface BuyerReturnRouteOptions {
  db: Db;
  clock: () => Date;
  /** config.afterSale: RETURN_DAYS and DEFAULT_WARRANTY_DAYS. */
  rules: AfterSaleRules;
  proof: PhoneProof;
  /** The server's link key: the buyer's SMS carries the order's link. */
  links: OrderLinks;
}

/**
 * The ask as JSON, or as multipart with the same fields and up to RETURN_PHOTOS_MAX photos under `photos` (shrunk
 * on the phone as the sell form's are, normalised here as every upload is). Either way the shared schema checks it.
 */
async function readAsk(request: FastifyRequest) {
  if (!request.isMultipart())
    return { ask: parseFields(returnRequestSchema, (request.body ?? {}) as Record<string, unknown>), images: [] };
  const { fields, images } = await readMultipart(request, { fileField: 'photos', maxFiles: RETURN_PHOTOS_MAX });
  return { ask: parseFields(returnRequestSchema, fields), images };
}

/** The buyer's side of returns: POST /v1/orders/{token}/returns (docs/decisions/0099). */
export const buyerReturnRoutes: FastifyPluginAsync<BuyerReturnRouteOptions> = async (
  fastify,
  { db, clock, rules, proof, links },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The answer is the buyer's own request.
  keepAnswersPrivate(app);

  app.post(
    '/v1/orders/:token/returns',
    {
      config: {
        access: 'public',
        rateLimit: {
          max: RETURNS_PER_ADDRESS_HOUR,
          timeWindow: '1 hour',
          keyGenerator: (request) => addressGroup(request.ip),
        },
      },
      // No body schema: a multipart body is read by readAsk, and both forms are checked there by one schema.
      schema: {
        tags: ['orders'],
        params: tokenParams,
        consumes: ['application/json', 'multipart/form-data'],
        response: { 201: returnCreatedSchema },
      },
    },
    async (request, reply) => {
      const { ask, images } = await readAsk(request);
      const created = await askReturn(
        db,
        { token: request.params.token, ask, images },
        { rules, proof, links, group: addressGroup(request.ip), now: clock() },
      );
      return reply.status(201).send({ return: created });
    },
  );
};
