import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { SellerRequestEventsTable, SellerRequestsTable } from '../../db/schema.js';

export type RequestRow = Selectable<SellerRequestsTable>;

/** What a search box entry may be; a request matching any one of them is found. All use an index. */
export interface RequestSearch {
  reference?: string | undefined;
  email?: string | undefined;
  phoneKey?: string | undefined;
}

/** Back-office list, newest first, with the total for paging; a search keeps only the requests it finds. */
export async function listRequests(
  db: Executor,
  limit: number,
  offset: number,
  search?: RequestSearch,
  shopId?: number,
  archived = false,
) {
  let base = db.selectFrom('seller_requests').where('archived_at', archived ? 'is not' : 'is', null);
  // A request belongs to a shop once it became that shop's product.
  if (shopId !== undefined)
    base = base.where('id', 'in', db.selectFrom('products').select('seller_request_id').where('shop_id', '=', shopId));
  if (search) {
    base = base.where((eb) => {
      const found = [];
      if (search.reference) found.push(eb('reference', '=', search.reference));
      if (search.email) found.push(eb('email', '=', search.email));
      if (search.phoneKey) found.push(eb('phone_key', '=', search.phoneKey));
      return found.length > 0 ? eb.or(found) : eb.lit(false);
    });
  }
  const rows = await base
    .select(['id', 'reference', 'seller_name', 'email', 'item_name', 'price', 'status', 'created_at', 'archived_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

export function findRequest(db: Executor, id: number) {
  return db.selectFrom('seller_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findRequestByTokenHash(db: Executor, tokenHash: string) {
  return db.selectFrom('seller_requests').selectAll().where('status_token_hash', '=', tokenHash).executeTakeFirst();
}

/** Inserts the request, or returns undefined when its reference is taken (the caller draws another). */
export async function insertRequest(
  db: Executor,
  values: Insertable<SellerRequestsTable>,
): Promise<number | undefined> {
  const row = await db
    .insertInto('seller_requests')
    .values(values)
    .onConflict((oc) => oc.column('reference').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * Moves the request to a new status only if it is still at the version the caller read: of two staff
 * acting at once, exactly one update matches and the other gets false.
 */
export async function moveStatus(
  db: Executor,
  id: number,
  version: number,
  status: string,
  offerExpiresAt: string | null,
  now: string,
) {
  const result = await db
    .updateTable('seller_requests')
    .set({ status, offer_expires_at: offerExpiresAt, version: version + 1, updated_at: now })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Sets the grade only at the version the caller read (as moveStatus). */
export async function setCondition(
  db: Executor,
  id: number,
  version: number,
  condition: SellerRequestsTable['condition'],
  now: string,
) {
  const result = await db
    .updateTable('seller_requests')
    .set({ condition, version: version + 1, updated_at: now })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Archives (a time) or brings back (null) a request; false when another change came first. */
export async function setArchived(db: Executor, id: number, version: number, archivedAt: string | null, now: string) {
  const result = await db
    .updateTable('seller_requests')
    .set({ archived_at: archivedAt, version: version + 1, updated_at: now })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteRequest(db: Executor, id: number, version: number) {
  const result = await db
    .deleteFrom('seller_requests')
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function linkImages(db: Executor, requestId: number, imageIds: number[]) {
  if (imageIds.length === 0) return;
  await db
    .insertInto('seller_request_images')
    .values(imageIds.map((image_id, position) => ({ seller_request_id: requestId, image_id, position })))
    .execute();
}

export function requestImages(db: Executor, requestId: number) {
  return db
    .selectFrom('seller_request_images as r')
    .innerJoin('images as i', 'i.id', 'r.image_id')
    .select(['i.id', 'i.filename'])
    .where('r.seller_request_id', '=', requestId)
    .orderBy('r.position')
    .execute();
}

export async function addOffer(
  db: Executor,
  requestId: number,
  kind: 'offer' | 'counter',
  amount: number,
  reason: string | null,
  actorId: number,
  now: string,
) {
  const row = await db
    .insertInto('seller_request_offers')
    .values({ seller_request_id: requestId, kind, amount, reason, actor_id: actorId, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function addEvent(db: Executor, event: Insertable<SellerRequestEventsTable>) {
  await db.insertInto('seller_request_events').values(event).execute();
}

/** Events that answer an offer: the seller's (or staff's recorded) acceptance, a decline, the expiry. */
const ANSWER_ACTIONS = ['sellerAccept', 'recordAcceptance', 'sellerDecline', 'expireOffer'] as const;

/** Offers oldest first, each with the event that answered it, if any (at most one: an answer closes the offer). */
export function offersOf(db: Executor, requestId: number) {
  return db
    .selectFrom('seller_request_offers as o')
    .leftJoin('users as u', 'u.id', 'o.actor_id')
    .leftJoin('seller_request_events as e', (join) =>
      join.onRef('e.offer_id', '=', 'o.id').on('e.action', 'in', [...ANSWER_ACTIONS]),
    )
    .select([
      'o.id',
      'o.kind',
      'o.amount',
      'o.reason',
      'u.display_name as actor',
      'o.created_at',
      'e.action as answer_action',
      'e.created_at as answered_at',
      'e.reason as answer_reason',
    ])
    .where('o.seller_request_id', '=', requestId)
    .orderBy('o.id')
    .execute();
}

/** The latest offer or counter-offer: the one an answer answers while the status says an offer is open. */
export function latestOffer(db: Executor, requestId: number) {
  return db
    .selectFrom('seller_request_offers')
    .select(['id', 'kind', 'amount', 'reason', 'created_at'])
    .where('seller_request_id', '=', requestId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The offer the seller last accepted (through the link or recorded by staff): what we pay. */
export function acceptedOffer(db: Executor, requestId: number) {
  return db
    .selectFrom('seller_request_offers as o')
    .innerJoin('seller_request_events as e', 'e.offer_id', 'o.id')
    .select(['o.id', 'o.amount'])
    .where('o.seller_request_id', '=', requestId)
    .where('e.action', 'in', ['sellerAccept', 'recordAcceptance'])
    .orderBy('o.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function eventsOf(db: Executor, requestId: number) {
  return db
    .selectFrom('seller_request_events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_id')
    .select([
      'e.id',
      'e.action',
      'e.from_status',
      'e.to_status',
      'e.reason',
      'e.by',
      'u.display_name as actor',
      'e.created_at',
    ])
    .where('e.seller_request_id', '=', requestId)
    .orderBy('e.id')
    .execute();
}

export async function shopTown(db: Executor, shopId: number) {
  return (await db.selectFrom('shops').select('town').where('id', '=', shopId).executeTakeFirst())?.town;
}

export async function productOfRequest(db: Executor, requestId: number) {
  const row = await db
    .selectFrom('products')
    .select('id')
    .where('seller_request_id', '=', requestId)
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function readSetting(db: Executor, key: string) {
  return (await db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirst())?.value;
}

/** Keeps the first value written for a key: processes starting together all end up reading the same one. */
export async function saveSettingOnce(db: Executor, key: string, value: string, now: string) {
  await db
    .insertInto('app_settings')
    .values({ key, value, created_at: now })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

export async function setStatusTokenHash(db: Executor, id: number, tokenHash: string) {
  await db.updateTable('seller_requests').set({ status_token_hash: tokenHash }).where('id', '=', id).execute();
}

/** The shop a request belongs to: the shop of the product it became (docs/decisions/0061), else none. */
export async function requestShop(db: Executor, id: number) {
  const row = await db.selectFrom('products').select('shop_id').where('seller_request_id', '=', id).executeTakeFirst();
  return row?.shop_id;
}

/** A seller request's reference and seller's name, for the money records that name it (payments). */
export function requestNames(db: Executor, id: number) {
  return db.selectFrom('seller_requests').select(['reference', 'seller_name']).where('id', '=', id).executeTakeFirst();
}

/** What texting the seller needs of their request: its reference, phone and the form's language. */
export function requestToText(db: Executor, id: number) {
  return db
    .selectFrom('seller_requests')
    .select(['id', 'reference', 'phone', 'language'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Submission receipts sent by SMS since a time, from one phone or one address group (the receipts' caps). */
export async function receiptsSince(
  db: Executor,
  { column, value, since }: { column: 'phone_key' | 'client_group'; value: string; since: string },
): Promise<number> {
  const { n } = await db
    .selectFrom('seller_requests')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where(column, '=', value)
    .where('receipt_sms', '=', 1)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** The request's receipt SMS was written. */
export async function markReceiptSent(db: Executor, id: number) {
  await db.updateTable('seller_requests').set({ receipt_sms: 1 }).where('id', '=', id).execute();
}
