import {
  TRANSFER_REQUESTS_PER_ADDRESS,
  TRANSFER_REQUESTS_PER_PHONE,
  type AdminTransferRequest,
  type Language,
} from '@marketplace/shared';
import { lockKeys } from '../../db/advisory-lock.js';
import type { Db, Executor } from '../../db/database.js';
import { HttpError } from '../../plugins/errors.js';
import { recordAudit } from '../audit/index.js';
import type { SessionUser } from '../auth/index.js';
import { message, enqueueMessages } from '../notifications/index.js';
import { moveIn } from './service.js';

export const TOO_MANY_TRANSFER_REQUESTS = `This phone number already has ${TRANSFER_REQUESTS_PER_PHONE} open requests: wait for the shops' answers.`;
export const TOO_MANY_FROM_ADDRESS = "Too many open requests from your network: wait for the shops' answers.";
export const REQUEST_NOT_FOUND = 'Transfer request not found';
const ALREADY_DECIDED = 'This request has already been answered.';

interface NewTransferRequest {
  productId: number;
  shopId: number;
  buyerName: string;
  phone: string;
  addressGroup: string;
  language: Language;
  now: Date;
}

/**
 * POST /v1/products/{id}/transfer-requests. A repeat from the same phone for the same item stores nothing and
 * gets the same answer, so the answer says nothing about requests already made (by this phone or another).
 */
export async function askForTransfer(db: Db, input: NewTransferRequest): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const product = await trx
      .selectFrom('products')
      .select(['id', 'shop_id', 'published', 'sold', 'hidden_by_reports', 'transit_shop_id'])
      .where('id', '=', input.productId)
      .executeTakeFirst();
    if (!product || product.published !== 1 || product.hidden_by_reports === 1)
      throw new HttpError(404, 'Product not found');
    if (product.sold === 1) throw new HttpError(409, 'This item has been sold.');
    if (product.transit_shop_id !== null) throw new HttpError(409, 'This item is already on its way to a shop.');
    const shop = await trx.selectFrom('shops').select('id').where('id', '=', input.shopId).executeTakeFirst();
    if (!shop) throw new HttpError(422, 'Choose a shop', { shop_id: 'Choose a shop' });
    if (product.shop_id === input.shopId)
      throw new HttpError(422, 'The item is already at that shop.', { shop_id: 'The item is already at that shop.' });
    // Count and insert under the phone's and the network's locks: two requests at once cannot both pass a cap.
    await lockKeys(trx, db.engine, [`transfer-phone:${input.phone}`, `transfer-address:${input.addressGroup}`]);
    const open = await trx
      .selectFrom('transfer_requests')
      .select('product_id')
      .where('phone', '=', input.phone)
      .where('state', '=', 'open')
      .execute();
    if (open.some((r) => r.product_id === input.productId)) return;
    if (open.length >= TRANSFER_REQUESTS_PER_PHONE) throw new HttpError(429, TOO_MANY_TRANSFER_REQUESTS);
    // Phone numbers cost nothing to type: one network cannot fill the shops' queue with made-up ones.
    const fromAddress = await trx
      .selectFrom('transfer_requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('address_group', '=', input.addressGroup)
      .where('state', '=', 'open')
      .executeTakeFirstOrThrow();
    if (Number(fromAddress.n) >= TRANSFER_REQUESTS_PER_ADDRESS) throw new HttpError(429, TOO_MANY_FROM_ADDRESS);
    await trx
      .insertInto('transfer_requests')
      .values({
        product_id: input.productId,
        to_shop_id: input.shopId,
        buyer_name: input.buyerName,
        phone: input.phone,
        address_group: input.addressGroup,
        language: input.language,
        state: 'open',
        reason: null,
        created_at: input.now.toISOString(),
        decided_by: null,
        decided_at: null,
      })
      .execute();
  });
}

function openRequests(db: Executor) {
  return db
    .selectFrom('transfer_requests as r')
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .innerJoin('shops as s', 's.id', 'r.to_shop_id')
    .select([
      'r.id',
      'r.product_id',
      'p.name as product_name',
      'r.to_shop_id',
      's.name as shop_name',
      's.town as shop_town',
      'r.buyer_name',
      'r.phone',
      'r.created_at',
    ])
    .where('r.state', '=', 'open');
}

/** The shop holding the item a request is for: that shop's staff answer it (docs/decisions/0062). */
export async function requestShop(db: Executor, id: number) {
  const row = await db
    .selectFrom('transfer_requests as r')
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .select('p.shop_id')
    .where('r.id', '=', id)
    .executeTakeFirst();
  return row?.shop_id;
}

/** GET /admin/transfer-requests: the open ones, oldest first; `shopId` keeps those for items that shop holds. */
export async function listOpenRequests(db: Executor, shopId?: number): Promise<AdminTransferRequest[]> {
  let query = openRequests(db);
  if (shopId !== undefined) query = query.where('p.shop_id', '=', shopId);
  const rows = await query.orderBy('r.id').execute();
  return rows.map((r) => ({
    id: r.id,
    product_id: r.product_id,
    product_name: r.product_name,
    to_shop: { id: r.to_shop_id, name: r.shop_name, town: r.shop_town },
    buyer_name: r.buyer_name,
    phone: r.phone,
    created_at: r.created_at,
  }));
}

/** Accept (starts the move) or decline (with a reason); the buyer is told by SMS in the same transaction. */
export async function decideRequest(
  db: Db,
  actor: SessionUser,
  id: number,
  decision: { accept: true } | { accept: false; reason: string },
  now: Date,
) {
  const at = now.toISOString();
  await db.kysely.transaction().execute(async (trx) => {
    await lockKeys(trx, db.engine, [`transfer-request:${id}`]);
    const request = await trx
      .selectFrom('transfer_requests as r')
      .innerJoin('products as p', 'p.id', 'r.product_id')
      .innerJoin('shops as s', 's.id', 'r.to_shop_id')
      .select([
        'r.id',
        'r.product_id',
        'r.to_shop_id',
        'r.phone',
        'r.state',
        'r.language',
        'p.name',
        's.name as shop_name',
        's.town',
      ])
      .where('r.id', '=', id)
      .executeTakeFirst();
    if (!request) throw new HttpError(404, REQUEST_NOT_FOUND);
    if (request.state !== 'open') throw new HttpError(409, ALREADY_DECIDED);
    if (decision.accept)
      await moveIn(trx, db, actor, { productId: request.product_id, shopId: request.to_shop_id, at });
    const reason = decision.accept ? null : decision.reason;
    await trx
      .updateTable('transfer_requests')
      .set({ state: decision.accept ? 'accepted' : 'declined', reason, decided_by: actor.id, decided_at: at })
      .where('id', '=', id)
      .execute();
    const answer = { item: request.name, shop: request.shop_name, town: request.town, reason: reason ?? '' };
    // The shop's answer, in the language the buyer asked in; the item, shop and reason are staff's words.
    const body = message(request.language, decision.accept ? 'transfer.accepted' : 'transfer.declined', answer);
    await enqueueMessages(
      trx,
      // A staff member's answer: not held by the per-number SMS cap (decision 0084).
      [
        {
          channel: 'sms',
          recipient: request.phone,
          body,
          subjectType: 'transfer_request',
          subjectId: id,
          staffId: actor.id,
        },
      ],
      now,
    );
    await recordAudit(trx, {
      actorId: actor.id,
      action: `Transfer request ${id} for ${request.name} to ${request.shop_name} ${decision.accept ? 'accepted' : `declined: ${reason}`}`,
      subjectType: 'transfer_request',
      subjectId: id,
      at,
    });
  });
}
