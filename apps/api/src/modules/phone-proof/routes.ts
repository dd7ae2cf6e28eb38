import { languageOfCookie, phoneCodeRequestSchema, phoneCodeSentSchema } from '@marketplace/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { addressGroup } from '../../plugins/address-group.js';
import { keepAnswersPrivate } from '../../plugins/private-answers.js';
import { CODES_PER_HOUR, sendPhoneCode, type PhoneProof } from './service.js';

export interface PhoneProofRouteOptions {
  db: Db;
  clock: () => Date;
  proof: PhoneProof;
}

/** Codes that prove a buyer's phone before a reservation (docs/decisions/0035). */
export const phoneProofRoutes: FastifyPluginAsync<PhoneProofRouteOptions> = async (fastify, { db, clock, proof }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  keepAnswersPrivate(app);
  app.post(
    '/v1/phone-codes',
    {
      // The database counts codes per phone and per address group; this caps raw volume before it.
      config: {
        access: 'public',
        rateLimit: {
          max: Math.max(CODES_PER_HOUR, proof.codesPerAddressHour, proof.codesPerIpv4Hour) * 4,
          timeWindow: '1 hour',
        },
      },
      schema: { tags: ['orders'], body: phoneCodeRequestSchema, response: { 202: phoneCodeSentSchema } },
    },
    async (request, reply) => {
      // The SMS in the page's language: the lang cookie the storefront sets (English without one, as before).
      const to = { phone: request.body.phone, language: languageOfCookie(request.headers.cookie) };
      return reply
        .status(202)
        .send(await sendPhoneCode(db, proof, to, { group: addressGroup(request.ip), now: clock(), log: request.log }));
    },
  );
};
