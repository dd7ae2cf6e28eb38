import type { Kysely, Transaction } from 'kysely';
import type { Database, SellerRequestsTable } from '../../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

export async function listRequests(db: Executor, limit: number, offset: number) {
  const rows = await db
    .selectFrom('seller_requests')
    .select(['id', 'seller_name', 'email', 'item_name', 'price', 'status', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const { n } = await db.selectFrom('seller_requests').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

export function findRequest(db: Executor, id: number) {
  return db.selectFrom('seller_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertRequest(db: Executor, values: Omit<SellerRequestsTable, 'id'>) {
  return (await db.insertInto('seller_requests').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/**
 * Moves the request to a new status only if it is still at the version the caller read: of two staff
 * acting at once, exactly one update matches and the other gets false.
 */
export async function moveStatus(db: Executor, id: number, version: number, status: string, now: string) {
  const result = await db
    .updateTable('seller_requests')
    .set({ status, version: version + 1, updated_at: now })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteRequest(db: Executor, id: number, version: number) {
  const result = await db.deleteFrom('seller_requests').where('id', '=', id).where('version', '=', version).executeTakeFirst();
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

export async function addOffer(db: Executor, requestId: number, kind: 'offer' | 'counter', amount: number, reason: string | null, actorId: number, now: string) {
  await db.insertInto('seller_request_offers').values({ seller_request_id: requestId, kind, amount, reason, actor_id: actorId, created_at: now }).execute();
}

export async function addEvent(
  db: Executor,
  event: { requestId: number; action: string; from: string | null; to: string; reason: string | null; actorId: number | null; now: string },
) {
  await db
    .insertInto('seller_request_events')
    .values({ seller_request_id: event.requestId, action: event.action, from_status: event.from, to_status: event.to, reason: event.reason, actor_id: event.actorId, created_at: event.now })
    .execute();
}

export function offersOf(db: Executor, requestId: number) {
  return db
    .selectFrom('seller_request_offers as o')
    .leftJoin('users as u', 'u.id', 'o.actor_id')
    .select(['o.id', 'o.kind', 'o.amount', 'o.reason', 'u.display_name as actor', 'o.created_at'])
    .where('o.seller_request_id', '=', requestId)
    .orderBy('o.id')
    .execute();
}

export function eventsOf(db: Executor, requestId: number) {
  return db
    .selectFrom('seller_request_events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_id')
    .select(['e.id', 'e.action', 'e.from_status', 'e.to_status', 'e.reason', 'u.display_name as actor', 'e.created_at'])
    .where('e.seller_request_id', '=', requestId)
    .orderBy('e.id')
    .execute();
}

export async function productOfRequest(db: Executor, requestId: number) {
  const row = await db.selectFrom('products').select('id').where('seller_request_id', '=', requestId).executeTakeFirst();
  return row?.id ?? null;
}
