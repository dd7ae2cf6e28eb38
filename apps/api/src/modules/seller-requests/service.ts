import type { adminSellerRequestSchema, addToInventorySchema, SellerAction, SellerRequest } from '@marketplace/shared';
import { flagsOf, nextStatus, toAmount, whyNot } from '@marketplace/shared';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { nowIso, type Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { HttpError } from '../../plugins/errors.js';
import { recordAudit } from '../audit/repository.js';
import type { SessionUser } from '../auth/service.js';
import { insertProduct, setGallery } from '../admin-products/repository.js';
import { checkRefs } from '../admin-products/service.js';
import type { NormalizedImage } from '../images/normalize.js';
import { deleteUnusedImages, storeImages } from '../images/repository.js';
import { indexProductTerms } from '../products/repository.js';
import {
  addEvent,
  addOffer,
  deleteRequest,
  eventsOf,
  findRequest,
  insertRequest,
  linkImages,
  moveStatus,
  offersOf,
  productOfRequest,
  requestImages,
} from './repository.js';

export const REQUEST_NOT_FOUND = 'Seller request not found';
export const CHANGED_MEANWHILE = 'This request was changed by someone else meanwhile. Reload it and try again.';

type Executor = Kysely<Database> | Transaction<Database>;
type Submission = z.output<typeof adminSellerRequestSchema>;

const ACTION_NAMES: Record<SellerAction, string> = {
  approve: 'approve',
  offer: 'make an offer',
  addToInventory: 'add to inventory',
  counter: 'make a counter-offer',
  reject: 'reject',
  delete: 'delete',
};

export async function loadRequest(db: Executor, id: number): Promise<SellerRequest> {
  const row = await findRequest(db, id);
  if (!row) throw new HttpError(404, REQUEST_NOT_FOUND);
  const [images, offers, history, productId] = await Promise.all([requestImages(db, id), offersOf(db, id), eventsOf(db, id), productOfRequest(db, id)]);
  return {
    id: row.id,
    seller_name: row.seller_name,
    email: row.email,
    phone: row.phone,
    item_name: row.item_name,
    description: row.description,
    price: Number(row.price),
    location: row.location,
    status: row.status,
    notify_on_offer: row.notify_on_offer === 1,
    terms_accepted: row.terms_accepted === 1,
    create_seller_account: row.create_seller_account === 1,
    created_at: row.created_at,
    images: images.map((i) => i.filename),
    product_id: productId,
    offers: offers.map((o) => ({ ...o, amount: Number(o.amount) })),
    history,
  };
}

/** Stores a submission and its already-normalised images in one transaction: all or nothing. */
export async function submitRequest(db: Db, input: Submission, images: NormalizedImage[], actor: SessionUser | null) {
  return db.kysely.transaction().execute(async (trx) => {
    const now = nowIso();
    const id = await insertRequest(trx, {
      seller_name: input.seller_name,
      email: input.email.toLowerCase(),
      phone: input.phone,
      item_name: input.item_name,
      description: input.description,
      price: toAmount(input.price),
      location: input.location,
      status: 'Pending',
      notify_on_offer: input.notify_on_offer ? 1 : 0,
      terms_accepted: input.terms_accepted ? 1 : 0,
      create_seller_account: input.create_seller_account ? 1 : 0,
      version: 1,
      created_by: actor?.id ?? null,
      created_at: now,
      updated_at: now,
    });
    const stored = await storeImages(trx, images);
    await linkImages(trx, id, stored.map((s) => s.id));
    await addEvent(trx, { requestId: id, action: 'submitted', from: null, to: 'Pending', reason: null, actorId: actor?.id ?? null, now });
    await recordAudit(trx, {
      actorId: actor?.id ?? null,
      action: actor ? `Created seller request ${input.item_name} for ${input.seller_name}` : `New seller request ${input.item_name}`,
      subjectType: 'seller_request',
      subjectId: id,
    });
    return id;
  });
}

type ActionPayload =
  | { action: 'approve' }
  | { action: 'reject'; reason: string }
  | { action: 'offer'; amount: number; reason: string }
  | { action: 'counter'; amount: number; reason: string }
  | ({ action: 'addToInventory' } & Pick<z.output<typeof addToInventorySchema>, 'shop_id' | 'category_id'>);

/**
 * One transaction: read the request, check the flow allows the action, move the status only if nobody
 * changed the request meanwhile, then write the offer, product, history and audit rows.
 */
export async function act(db: Db, actor: SessionUser, id: number, payload: ActionPayload): Promise<SellerRequest> {
  return db.kysely.transaction().execute(async (trx) => {
    const row = await findRequest(trx, id);
    if (!row) throw new HttpError(404, REQUEST_NOT_FOUND);
    const flags = flagsOf(row.status);
    const reason = whyNot(flags, payload.action);
    if (reason) throw new HttpError(409, `Cannot ${ACTION_NAMES[payload.action]}: ${reason}`);
    const to = nextStatus(flags, payload.action);
    const now = nowIso();
    if (!(await moveStatus(trx, id, row.version, to, now))) throw new HttpError(409, CHANGED_MEANWHILE);

    let note: string | null = null;
    if (payload.action === 'offer' || payload.action === 'counter') {
      await addOffer(trx, id, payload.action, payload.amount, payload.reason || null, actor.id, now);
      note = payload.reason || null;
    } else if (payload.action === 'reject') {
      note = payload.reason;
    } else if (payload.action === 'addToInventory') {
      await addToInventory(trx, id, row, payload.shop_id, payload.category_id, now);
    }
    await addEvent(trx, { requestId: id, action: payload.action, from: row.status, to, reason: note, actorId: actor.id, now });
    const amount = payload.action === 'offer' || payload.action === 'counter' ? ` of MWK ${payload.amount}` : '';
    await recordAudit(trx, {
      actorId: actor.id,
      action: `Seller request ${row.item_name}: ${ACTION_NAMES[payload.action]}${amount} (${row.status} → ${to})`,
      subjectType: 'seller_request',
      subjectId: id,
    });
    return loadRequest(trx, id);
  });
}

/** The item becomes a published product of the shop, with the request's own images. */
async function addToInventory(
  trx: Executor,
  requestId: number,
  row: NonNullable<Awaited<ReturnType<typeof findRequest>>>,
  shopId: number,
  categoryId: number,
  now: string,
) {
  await checkRefs(trx, categoryId, shopId);
  const productId = await insertProduct(trx, {
    name: row.item_name,
    description: row.description,
    price: Number(row.price),
    sale_price: null,
    currency: 'MWK',
    location: row.location,
    shop_id: shopId,
    category_id: categoryId,
    published: 1,
    sold: 0,
    seller_request_id: requestId,
    created_at: now,
    updated_at: now,
  });
  await setGallery(trx, productId, (await requestImages(trx, requestId)).map((i) => i.id));
  await indexProductTerms(trx, productId);
}

export async function removeRequest(db: Db, actor: SessionUser, id: number) {
  await db.kysely.transaction().execute(async (trx) => {
    const row = await findRequest(trx, id);
    if (!row) throw new HttpError(404, REQUEST_NOT_FOUND);
    const images = await requestImages(trx, id);
    if (!(await deleteRequest(trx, id, row.version))) throw new HttpError(409, CHANGED_MEANWHILE);
    // Images a product now uses (after add to inventory) stay; the others go with the request.
    await deleteUnusedImages(trx, images.map((i) => i.id));
    await recordAudit(trx, { actorId: actor.id, action: `Deleted seller request ${row.item_name}`, subjectType: 'seller_request', subjectId: id });
  });
}
