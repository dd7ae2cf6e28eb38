import {
  OFFER_NOT_FOUND,
  buyerOfferAnswerSchema,
  languageOfCookie,
  makeOfferSchema,
  offerCreatedSchema,
  offerTokenPattern,
} from '@marketplace/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db, Executor } from '../../db/database.js';
import { addressGroup } from '../../plugins/address-group.js';
import { HttpError } from '../../plugins/errors.js';
import { idParam, tokenParams } from '../../plugins/params.js';
import { keepAnswersPrivate } from '../../plugins/private-answers.js';
import { hashToken } from '../auth/index.js';
import type { PhoneProof } from '../phone-proof/index.js';
import { z } from 'zod';
import type { OfferLinks } from './links.js';
import { makeOffer } from './make.js';
import { findOfferByTokenHash } from './repository.js';
import { acceptCounter, withdrawOffer, type OfferCall } from './steps.js';
import { toBuyerOffer } from './views.js';

/** Offers one address group may make in an hour (issue 40): a buyer offers a few times; this stops floods. */
export const OFFERS_PER_ADDRESS_HOUR = 10;
/** The offer's private-link routes per address group: each wrong token is a guess. */
const OFFER_LINK_PER_MINUTE = 60;

export interface BuyerOfferRouteOptions {
  db: Db;
  clock: () => Date;
  proof: PhoneProof;
  links: OfferLinks;
  /** OFFER_HOURS (decision 0103). */
  offerHours: number;
}

/** The offer of a private link's token; a malformed or unknown token is the same 404. */
async function offerOfToken(db: Executor, token: string) {
  const row = offerTokenPattern.test(token) ? await findOfferByTokenHash(db, hashToken(token)) : undefined;
  if (!row) throw new HttpError(404, OFFER_NOT_FOUND);
  return row;
}

/** The buyer's side of offers (docs/decisions/0103): make one, read it, accept a counter, withdraw. */
export const buyerOfferRoutes: FastifyPluginAsync<BuyerOfferRouteOptions> = async (
  fastify,
  { db, clock, proof, links, offerHours },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Every answer is one buyer's own offer.
  keepAnswersPrivate(app);
  const tags = ['offers'];
  const byAddress = { keyGenerator: (request: { ip: string }) => addressGroup(request.ip) };
  const linkLimit = { rateLimit: { max: OFFER_LINK_PER_MINUTE, timeWindow: '1 minute', ...byAddress } };

  app.post(
    '/v1/products/:id/offers',
    {
      config: {
        access: 'public',
        rateLimit: { max: OFFERS_PER_ADDRESS_HOUR, timeWindow: '1 hour', ...byAddress },
      },
      schema: {
        tags,
        params: z.object({ id: idParam('Product id') }),
        body: makeOfferSchema,
        response: { 201: offerCreatedSchema },
      },
    },
    async (request, reply) => {
      const offer = await makeOffer(db, request.params.id, request.body, {
        proof,
        links,
        offerHours,
        group: addressGroup(request.ip),
        language: languageOfCookie(request.headers.cookie),
        now: clock(),
      });
      return reply.status(201).send({ offer });
    },
  );

  app.get(
    '/v1/offers/:token',
    {
      config: { access: 'public', ...linkLimit },
      schema: { tags, params: tokenParams, response: { 200: buyerOfferAnswerSchema } },
    },
    async (request) => ({ offer: toBuyerOffer(await offerOfToken(db.kysely, request.params.token)) }),
  );

  const call = (): OfferCall => ({ actor: null, now: clock(), links, offerHours });
  const byToken = (token: string) => (trx: Executor) => offerOfToken(trx, token);
  const step = { config: { access: 'public' as const, ...linkLimit } };
  const stepSchema = { tags, params: tokenParams, response: { 200: buyerOfferAnswerSchema } };

  app.post('/v1/offers/:token/withdraw', { ...step, schema: stepSchema }, async (request) => ({
    offer: toBuyerOffer(await withdrawOffer(db, call(), byToken(request.params.token))),
  }));

  app.post('/v1/offers/:token/accept', { ...step, schema: stepSchema }, async (request) => ({
    offer: toBuyerOffer(await acceptCounter(db, call(), byToken(request.params.token))),
  }));
};
