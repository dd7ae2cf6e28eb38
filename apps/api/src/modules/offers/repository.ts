import { LIVE_OFFER_STATUSES, type OfferStatus } from '@marketplace/shared';
import type { Insertable, Updateable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { OffersTable } from '../../db/schema.js';
import { newOfferReference } from './codes.js';

// The queries of buyers' offers (docs/decisions/0103): the insert, an offer read with its item's name, the caps'
// counts, the staff's list, and the one move every step makes (by status and version).

const REFERENCE_ATTEMPTS = 10;

/**
 * Inserts the offer under a fresh reference (its token hash is made from it), drawing again while the reference is
 * taken. A second live offer of the same phone on the item still fails, on the partial unique index: a 409.
 */
export async function insertOffer(
  db: Executor,
  values: Omit<Insertable<OffersTable>, 'reference' | 'token_hash'>,
  hashOf: (reference: string) => string,
): Promise<{ id: number; reference: string }> {
  for (let attempt = 0; attempt < REFERENCE_ATTEMPTS; attempt++) {
    const reference = newOfferReference();
    const row = await db
      .insertInto('offers')
      .values({ ...values, reference, token_hash: hashOf(reference) })
      .onConflict((oc) => oc.column('reference').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) return { id: row.id, reference };
  }
  // 31^7 (27 billion) references: reaching this means something other than bad luck.
  throw new Error('No free offer reference after several attempts');
}

/** An offer with its item's name and category: what views, messages and figures need. */
const withItem = (db: Executor) =>
  db
    .selectFrom('offers as f')
    .innerJoin('products as p', 'p.id', 'f.product_id')
    .selectAll('f')
    .select(['p.name as product_name', 'p.price as product_price']);
export type OfferRow = Awaited<ReturnType<ReturnType<typeof withItem>['executeTakeFirstOrThrow']>>;

export function findOffer(db: Executor, id: number) {
  return withItem(db).where('f.id', '=', id).executeTakeFirst();
}

export function findOfferByTokenHash(db: Executor, tokenHash: string) {
  return withItem(db).where('f.token_hash', '=', tokenHash).executeTakeFirst();
}

/** Live offers (open or countered) of a phone, over all items: at most OFFERS_PER_PHONE. */
export async function countLiveOffers(db: Executor, phone: string) {
  const { n } = await db
    .selectFrom('offers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('phone', '=', phone)
    .where('status', 'in', [...LIVE_OFFER_STATUSES])
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** The phone's live offer on the item, if it has one. */
export function liveOfferOn(db: Executor, productId: number, phone: string) {
  return db
    .selectFrom('offers')
    .select('id')
    .where('product_id', '=', productId)
    .where('phone', '=', phone)
    .where('status', 'in', [...LIVE_OFFER_STATUSES])
    .executeTakeFirst();
}

/** Offers on these items still waiting or agreed: declined when the item sells. */
export function unsettledOffersOn(db: Executor, productIds: number[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return withItem(db)
    .where('f.product_id', 'in', productIds)
    .where('f.status', 'in', ['open', 'countered', 'accepted'])
    .orderBy('f.id')
    .execute();
}

/**
 * Moves an offer from the status and version its caller read, with the step's columns; false when it changed
 * meanwhile (a second click, the buyer withdrawing, the sweep), so two steps at once cannot both apply.
 */
export async function moveOffer(
  db: Executor,
  move: { id: number; from: OfferStatus; version: number; to: OfferStatus; set: Updateable<OffersTable>; now: string },
) {
  const result = await db
    .updateTable('offers')
    .set({ ...move.set, status: move.to, version: move.version + 1, updated_at: move.now })
    .where('id', '=', move.id)
    .where('status', '=', move.from)
    .where('version', '=', move.version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

interface OfferListFilter {
  status?: OfferStatus | undefined;
  shopId?: number | undefined;
  productId?: number | undefined;
  limit: number;
  offset: number;
}

/** Newest first, filtered by status, shop and item. */
export async function listOffers(db: Executor, filter: OfferListFilter) {
  let base = db.selectFrom('offers as f');
  if (filter.status !== undefined) base = base.where('f.status', '=', filter.status);
  if (filter.shopId !== undefined) base = base.where('f.shop_id', '=', filter.shopId);
  if (filter.productId !== undefined) base = base.where('f.product_id', '=', filter.productId);
  const ids = base.select('f.id');
  const rows = await withItem(db)
    .where('f.id', 'in', ids)
    .orderBy('f.created_at', 'desc')
    .orderBy('f.id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

/** The shop that answers an offer (the shop scope's finder); undefined when there is no such offer. */
export async function offerShop(db: Executor, id: number) {
  return (await db.selectFrom('offers').select('shop_id').where('id', '=', id).executeTakeFirst())?.shop_id;
}
