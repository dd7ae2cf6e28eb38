import {
  STOCK_REQUESTS_PER_ADDRESS,
  STOCK_REQUESTS_PER_PHONE,
  type AdminStockRequest,
  type Language,
} from '@marketplace/shared';
import { lockKeys } from '../../db/advisory-lock.js';
import type { Db, Executor } from '../../db/database.js';
import { HttpError } from '../../plugins/errors.js';
import { recordAudit } from '../audit/index.js';
import type { SessionUser } from '../auth/index.js';
import { message, enqueueMessages } from '../notifications/index.js';
import { findShop } from '../shops/index.js';
import { productForMove } from '../products/index.js';
import {
  insertStockRequest,
  markStockRequestDecided,
  openRequestsFromAddress,
  openRequestsOfPhone,
  openStockRequests,
  stockRequestToDecide,
} from './repository/stock-requests.js';
import { moveIn } from './service.js';

export const TOO_MANY_STOCK_REQUESTS = `This phone number already has ${STOCK_REQUESTS_PER_PHONE} open requests: wait for the shops' answers.`;
export const TOO_MANY_FROM_ADDRESS = "Too many open requests from your network: wait for the shops' answers.";
export const STOCK_REQUEST_NOT_FOUND = 'Transfer request not found';
const ALREADY_DECIDED = 'This request has already been answered.';

/** Staff's answer to a request: accept (starts the move) or decline with a reason. */
interface StockRequestAnswer {
  actor: SessionUser;
  id: number;
  decision: { accept: true } | { accept: false; reason: string };
  now: Date;
}

interface NewStockRequest {
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
export async function sendStockRequest(db: Db, input: NewStockRequest): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const product = await productForMove(trx, input.productId);
    if (!product || product.published !== 1 || product.hidden_by_reports === 1)
      throw new HttpError(404, 'Product not found');
    if (product.sold === 1) throw new HttpError(409, 'This item has been sold.');
    if (product.transit_shop_id !== null) throw new HttpError(409, 'This item is already on its way to a shop.');
    if (!(await findShop(trx, input.shopId))) throw new HttpError(422, 'Choose a shop', { shop_id: 'Choose a shop' });
    if (product.shop_id === input.shopId)
      throw new HttpError(422, 'The item is already at that shop.', { shop_id: 'The item is already at that shop.' });
    // Count and insert under the phone's and the network's locks: two requests at once cannot both pass a cap.
    // The lock keys, the stored subject type and the texts keep the old word (decision 0098).
    await lockKeys(trx, db.engine, [`transfer-phone:${input.phone}`, `transfer-address:${input.addressGroup}`]);
    const open = await openRequestsOfPhone(trx, input.phone);
    if (open.some((r) => r.product_id === input.productId)) return;
    if (open.length >= STOCK_REQUESTS_PER_PHONE) throw new HttpError(429, TOO_MANY_STOCK_REQUESTS);
    // Phone numbers cost nothing to type: one network cannot fill the shops' queue with made-up ones.
    if ((await openRequestsFromAddress(trx, input.addressGroup)) >= STOCK_REQUESTS_PER_ADDRESS)
      throw new HttpError(429, TOO_MANY_FROM_ADDRESS);
    await insertStockRequest(trx, {
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
    });
  });
}

/** GET /admin/transfer-requests: the open ones, oldest first; `shopId` keeps those for items that shop holds. */
export async function listOpenStockRequests(db: Executor, shopId?: number): Promise<AdminStockRequest[]> {
  const rows = await openStockRequests(db, shopId);
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
export async function decideStockRequest(db: Db, { actor, id, decision, now }: StockRequestAnswer) {
  const at = now.toISOString();
  await db.kysely.transaction().execute(async (trx) => {
    await lockKeys(trx, db.engine, [`transfer-request:${id}`]);
    const request = await stockRequestToDecide(trx, id);
    if (!request) throw new HttpError(404, STOCK_REQUEST_NOT_FOUND);
    if (request.state !== 'open') throw new HttpError(409, ALREADY_DECIDED);
    if (decision.accept)
      await moveIn(trx, db, actor, { productId: request.product_id, shopId: request.to_shop_id, at });
    const reason = decision.accept ? null : decision.reason;
    await markStockRequestDecided(trx, id, {
      state: decision.accept ? 'accepted' : 'declined',
      reason,
      by: actor.id,
      at,
    });
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
