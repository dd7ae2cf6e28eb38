import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { nextIp, nextPhone } from '../orders/testing.js';

// Test helpers of offers: the buyer's calls, and what the database holds of an offer and its SMS.

/** A valid offer of `amount` from a fresh phone (unless `over` names one). */
export function offerBody(amount: number, over: Record<string, unknown> = {}) {
  return { amount, buyer_name: 'Chikondi Banda', phone: nextPhone(), ...over };
}

/** The buyer's calls, each from a fresh address unless given (the per-address limits stay out of the way). */
export function offersApi(app: FastifyInstance) {
  return {
    make: (productId: number, payload: object, remoteAddress = nextIp(), headers: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url: `/api/v1/products/${productId}/offers`, payload, remoteAddress, headers }),
    view: (token: string) => app.inject({ method: 'GET', url: `/api/v1/offers/${token}`, remoteAddress: nextIp() }),
    withdraw: (token: string) =>
      app.inject({ method: 'POST', url: `/api/v1/offers/${token}/withdraw`, remoteAddress: nextIp() }),
    accept: (token: string) =>
      app.inject({ method: 'POST', url: `/api/v1/offers/${token}/accept`, remoteAddress: nextIp() }),
  };
}

/** A staff answer: accept, counter or decline. */
export function staffOffer(
  app: FastifyInstance,
  headers: Record<string, string>,
  id: number,
  step: 'accept' | 'counter' | 'decline',
  payload?: object,
) {
  return app.inject({
    method: 'POST',
    url: `/api/admin/offers/${id}/${step}`,
    headers,
    ...(payload ? { payload } : {}),
  });
}

/** The offer's row by the reference the buyer was given. */
export function offerRow(db: Db, reference: string) {
  return db.kysely.selectFrom('offers').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
}

/** The SMS written about an offer, oldest first. */
export function smsOfOffer(db: Db, id: number) {
  return db.kysely
    .selectFrom('outbox_messages')
    .select(['recipient', 'body'])
    .where('subject_type', '=', 'offer')
    .where('subject_id', '=', id)
    .orderBy('id')
    .execute();
}
