import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { SellerRequestEventsTable, SellerRequestsTable } from '../../db/schema.js';

export type RequestRow = Selectable<SellerRequestsTable>;

/** What a search box entry may be; a request matching any one of them is found. All use an index. */
export interface RequestSearch {
  reference?: string | undefined;
  email?: string | undefined;
  phoneKey?: string | undefined;
}

/** A page of the back-office list: one shop's requests (none: every shop's), archived ones or the others. */
export interface RequestPage {
  limit: number;
  offset: number;
  shopId?: number | undefined;
  archived?: boolean | undefined;
}

/** Back-office list, newest first, with the total for paging; a search keeps only the requests it finds. */
export async function listRequests(
  db: Executor,
  { limit, offset, search, shopId, archived = false }: RequestPage & { search?: RequestSearch | undefined },
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

/** A change of request `id` at the version the caller read, made at `now`. */
interface AtVersion {
  id: number;
  version: number;
  now: string;
}

/**
 * Moves the request to a new status only if it is still at the version the caller read: of two staff
 * acting at once, exactly one update matches and the other gets false.
 */
export async function moveStatus(
  db: Executor,
  { id, version, status, offerExpiresAt, now }: AtVersion & { status: string; offerExpiresAt: string | null },
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
  { id, version, condition, now }: AtVersion & { condition: SellerRequestsTable['condition'] },
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
export async function setArchived(
  db: Executor,
  { id, version, archivedAt, now }: AtVersion & { archivedAt: string | null },
) {
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
  offer: {
    requestId: number;
    kind: 'offer' | 'counter';
    amount: number;
    reason: string | null;
    actorId: number;
    now: string;
  },
) {
  const { requestId, kind, amount, reason, actorId, now } = offer;
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

export async function setStatusTokenHash(db: Executor, id: number, tokenHash: string) {
  await db.updateTable('seller_requests').set({ status_token_hash: tokenHash }).where('id', '=', id).execute();
}

/** The submission a request_id (hashed into `requestKey`) made, with what a retry must send the same. */
export function requestOfKey(db: Executor, requestKey: string) {
  return db
    .selectFrom('seller_requests')
    .select(['id', 'reference', 'seller_name', 'phone', 'email', 'item_name', 'price', 'seller_user_id'])
    .where('request_key', '=', requestKey)
    .executeTakeFirst();
}

/**
 * A request's device record was saved (a new CEIR result when `change` is given): its version always moves, so an
 * add to inventory that read the old record meanwhile is refused rather than copying it. devices calls it.
 */
export async function markRequestDeviceSaved(
  db: Executor,
  id: number,
  change: Pick<Updateable<SellerRequestsTable>, 'ceir' | 'ceir_checked_by' | 'ceir_checked_at'> | null,
  at: string,
) {
  await db
    .updateTable('seller_requests')
    .set((eb) => ({ ...change, updated_at: at, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** A request's CEIR result with the name of the staff member who recorded it (devices asks). */
export function requestCeir(db: Executor, id: number) {
  return db
    .selectFrom('seller_requests as t')
    .leftJoin('users as u', 'u.id', 't.ceir_checked_by')
    .select(['t.ceir', 't.ceir_checked_by', 't.ceir_checked_at', 'u.display_name as checked_by_name'])
    .where('t.id', '=', id)
    .executeTakeFirst();
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
