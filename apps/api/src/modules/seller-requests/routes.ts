import {
  addToInventorySchema,
  adminSellerRequestSchema,
  counterOfferSchema,
  denySchema,
  offerSchema,
  paySellerSchema,
  recordAcceptanceSchema,
  requestConditionSchema,
  sellerAnswerSchema,
  sellerRequestListQuerySchema,
  sellerRequestListSchema,
  sellerRequestSchema,
  sellerViewSchema,
  sellResultSchema,
  sellSubmissionSchema,
  languageOfCookie,
} from '@marketplace/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { ADMIN_ONLY, SHOP_WORK, STAFF } from '../../plugins/access.js';
import type { ShopOf } from '../../plugins/shop-scope.js';
import { addressGroup } from '../../plugins/address-group.js';
import { idParams, tokenParams } from '../../plugins/params.js';
import { parseFields } from '../../plugins/validation.js';
import { readMultipart } from '../images/index.js';
import { shopOfSellerRequest } from '../products/index.js';
import type { StatusLinks } from './links.js';
import { archiveRequest, removeRequest, setRequestCondition } from './edits.js';
import { act, sellerAnswer, type StaffMove } from './moves.js';
import type { Payments } from '../payments/index.js';
import { paySeller } from './payout.js';
import { submitOnce } from './resubmit.js';
import { submitRequest } from './submit.js';
import { loadRequest, loadRequestList, loadViewByToken, REQUEST_NOT_FOUND } from './views.js';
import { keepAnswersPrivate } from '../../plugins/private-answers.js';

const SUBMITTED = 'Item successfully submitted!';
export const TOO_MANY_SUBMISSIONS = /*i18n*/ 'Too many submissions from your network. Please try again in an hour.';
/** Per IP: mobile networks put many phones behind one address, so this only stops floods, not sellers. */
export const SUBMISSIONS_PER_HOUR = 30;
/** Reading and answering through the seller's status link. */
export const SELL_LINK_PER_MINUTE = 120;

export interface SellerRequestRouteOptions {
  db: Db;
  clock: () => Date;
  offerDays: number;
  links: StatusLinks;
  /** Set when a mobile-money gateway is configured: sellers can then be paid to their phone. */
  payments?: Payments | undefined;
  /** An SMS transport is configured: a /sell submission is then confirmed by SMS (docs/decisions/0056). */
  sms: boolean;
}

// A POST without a body arrives as null: an answer needs no reason.
const answerBody = sellerAnswerSchema.nullable();

export const sellerRequestRoutes: FastifyPluginAsync<SellerRequestRouteOptions> = async (
  fastify,
  { db, clock, offerDays, links, payments, sms },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: STAFF };
  const shopWork = {
    access: SHOP_WORK,
    shopOf: { find: shopOfSellerRequest, missing: REQUEST_NOT_FOUND } satisfies ShopOf,
  };
  const tags = ['seller requests'];
  const multipart = { consumes: ['multipart/form-data'] };
  const linkLimit = { rateLimit: { max: SELL_LINK_PER_MINUTE, timeWindow: '1 minute' } };
  // Every answer here holds a seller's item, offers or contact details.
  keepAnswersPrivate(app);

  app.post(
    '/v1/sells',
    {
      config: {
        // A logged-in seller's submission goes straight into their account.
        access: 'optional',
        rateLimit: {
          max: SUBMISSIONS_PER_HOUR,
          timeWindow: '1 hour',
          errorResponseBuilder: () => ({ statusCode: 429, message: TOO_MANY_SUBMISSIONS }),
        },
      },
      schema: { tags, ...multipart, response: { 201: sellResultSchema } },
    },
    async (request, reply) => {
      const { fields, images } = await readMultipart(request);
      const input = parseFields(sellSubmissionSchema, fields);
      const owner = request.user?.id ?? null;
      // The form's language is the page's: the lang cookie the storefront sets and renders pages by.
      const receipt = { sms, language: languageOfCookie(request.headers.cookie), group: addressGroup(request.ip) };
      // With a request_id, a retry gets the first submission's answer again (resubmit.ts, docs/decisions/0076).
      const { id, reference, token, inAccount } = await submitOnce(db, {
        input,
        images,
        now: clock(),
        links,
        from: { ownerId: owner, receipt },
      });
      return reply.status(201).send({
        id,
        status: 'Pending',
        message: SUBMITTED,
        reference,
        status_token: token,
        in_account: inAccount,
      });
    },
  );

  app.get(
    '/v1/sells/:token',
    {
      config: { access: 'public', ...linkLimit },
      schema: { tags, params: tokenParams, response: { 200: sellerViewSchema } },
    },
    async (request) => loadViewByToken(db.kysely, request.params.token, clock()),
  );

  const answer = {
    config: { access: 'public' as const, ...linkLimit },
    schema: { tags, params: tokenParams, body: answerBody, response: { 200: sellerViewSchema } },
  };
  const sellerAct = (
    request: { params: { token: string }; body?: { reason?: string; offer_id?: number } | null },
    action: 'sellerAccept' | 'sellerDecline',
  ) =>
    sellerAnswer(db, clock(), request.params.token, {
      action,
      reason: request.body?.reason || null,
      offerId: request.body?.offer_id,
    });
  app.post('/v1/sells/:token/accept', answer, async (request) => sellerAct(request, 'sellerAccept'));
  app.post('/v1/sells/:token/decline', answer, async (request) => sellerAct(request, 'sellerDecline'));

  app.get(
    '/admin/seller-requests',
    {
      config: { access: SHOP_WORK, shopOf: 'list' },
      schema: { tags, querystring: sellerRequestListQuerySchema, response: { 200: sellerRequestListSchema } },
    },
    async (request) => {
      const { limit, offset, search, shop_id, archived } = request.query;
      return loadRequestList(db.kysely, { limit, offset, search, shopId: shop_id, archived });
    },
  );

  app.get(
    '/admin/seller-requests/:id',
    { config: shopWork, schema: { tags, params: idParams, response: { 200: sellerRequestSchema } } },
    async (request) => loadRequest(db.kysely, request.params.id),
  );

  app.post(
    '/admin/seller-requests',
    { config, schema: { tags, ...multipart, response: { 201: sellerRequestSchema } } },
    async (request, reply) => {
      const { fields, images } = await readMultipart(request);
      const input = parseFields(adminSellerRequestSchema, fields);
      const { id } = await submitRequest(db, { input, images, actor: request.user!, now: clock(), links });
      return reply.status(201).send(await loadRequest(db.kysely, id));
    },
  );

  const action = { config: shopWork, schema: { tags, params: idParams, response: { 200: sellerRequestSchema } } };
  const staffAct = (request: Pick<FastifyRequest, 'user'> & { params: { id: number } }, move: StaffMove) =>
    act(db, { now: clock(), offerDays, actor: request.user!, id: request.params.id, move, links });

  app.post('/admin/seller-requests/:id/approved', action, async (request) => staffAct(request, { action: 'approve' }));

  app.post(
    '/admin/seller-requests/:id/denied',
    { ...action, schema: { ...action.schema, body: denySchema } },
    async (request) => staffAct(request, { action: 'reject', reason: request.body.reason }),
  );

  app.post(
    '/admin/seller-requests/:id/offer',
    { ...action, schema: { ...action.schema, body: offerSchema } },
    async (request) => staffAct(request, { action: 'offer', amount: request.body.price, reason: request.body.reason }),
  );

  app.post(
    '/admin/counter-offer/:id',
    { ...action, schema: { ...action.schema, body: counterOfferSchema } },
    async (request) =>
      staffAct(request, { action: 'counter', amount: request.body.counter_price, reason: request.body.reason }),
  );

  app.post(
    '/admin/seller-requests/:id/seller-accepted',
    { ...action, schema: { ...action.schema, body: recordAcceptanceSchema } },
    async (request) => staffAct(request, { action: 'recordAcceptance', note: request.body.note }),
  );

  app.post(
    '/admin/seller-requests/:id/add-to-inventory',
    { ...action, schema: { ...action.schema, body: addToInventorySchema } },
    async (request) => {
      const { shop_id, category_id, price, brand, storage_gb, ram_gb } = request.body;
      const specs = { brand, storage_gb, ram_gb };
      return staffAct(request, { action: 'addToInventory', shop_id, category_id, price, specs });
    },
  );

  // Money leaves the business: Admins only; Moderators see where it stands on the request (docs/decisions/0053).
  app.post(
    '/admin/seller-requests/:id/pay',
    { config: { access: ADMIN_ONLY }, schema: { ...action.schema, body: paySellerSchema } },
    async (request) => {
      await paySeller(db, payments, { actor: request.user!, requestId: request.params.id, body: request.body, clock });
      return loadRequest(db.kysely, request.params.id);
    },
  );

  // Not a flow step: staff set or correct the grade at any status (docs/decisions/0029).
  app.put(
    '/admin/seller-requests/:id/condition',
    { ...action, schema: { ...action.schema, body: requestConditionSchema } },
    async (request) =>
      setRequestCondition(db, {
        now: clock(),
        actor: request.user!,
        id: request.params.id,
        condition: request.body.condition,
      }),
  );

  // Out of the default list, its public link and history kept: what staff do with a request money names (0082).
  app.post('/admin/seller-requests/:id/archive', { config, schema: action.schema }, async (request) =>
    archiveRequest(db, { now: clock(), actor: request.user!, id: request.params.id, archived: true }),
  );
  app.post('/admin/seller-requests/:id/unarchive', { config, schema: action.schema }, async (request) =>
    archiveRequest(db, { now: clock(), actor: request.user!, id: request.params.id, archived: false }),
  );

  app.delete('/admin/seller-requests/:id', { config, schema: { tags, params: idParams } }, async (request, reply) => {
    await removeRequest(db, request.user!, request.params.id);
    return reply.status(204).send();
  });
};
