import type { ReturnStatus } from '@marketplace/shared';
import type { Updateable } from 'kysely';
import type { Executor } from '../../../db/database.js';
import type { ReturnsTable } from '../../../db/schema.js';

// The counter's queries of returns (docs/decisions/0099): the staff's list and page, read with the order and item
// they are about, and the steps, each applied only from the status the staff member saw.

interface ReturnListFilter {
  status?: ReturnStatus | undefined;
  shopId?: number | undefined;
  limit: number;
  offset: number;
}

const fromReturns = (db: Executor) => db.selectFrom('returns as r');

/** A request with what staff are shown of its order and item, and what telling the buyer needs. */
function withStaffColumns(query: ReturnType<typeof fromReturns>) {
  return query
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .innerJoin('order_items as oi', 'oi.id', 'r.order_item_id')
    .leftJoin('products as p', 'p.id', 'r.product_id')
    .selectAll('r')
    .select([
      'p.written_off_at',
      'o.number as order_number',
      'o.buyer_name',
      'o.phone',
      'o.language',
      'oi.name as item_name',
      'oi.price as item_price',
    ]);
}
export type StaffReturnRow = Awaited<ReturnType<ReturnType<typeof withStaffColumns>['executeTakeFirstOrThrow']>>;

/** Newest first, filtered by status and shop. */
export async function listReturns(db: Executor, filter: ReturnListFilter) {
  let base = fromReturns(db);
  if (filter.status !== undefined) base = base.where('r.status', '=', filter.status);
  if (filter.shopId !== undefined) base = base.where('r.shop_id', '=', filter.shopId);
  const rows = await withStaffColumns(base)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

export function findStaffReturn(db: Executor, id: number) {
  return withStaffColumns(fromReturns(db)).where('r.id', '=', id).executeTakeFirst();
}

/** The shop that works a request (the shop scope's finder); undefined when there is no such request. */
export async function returnShop(db: Executor, id: number) {
  return (await db.selectFrom('returns').select('shop_id').where('id', '=', id).executeTakeFirst())?.shop_id;
}

/** The photos of a page of requests, in the order the buyer gave them. */
export function photosOf(db: Executor, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('return_images as ri')
    .innerJoin('images as i', 'i.id', 'ri.image_id')
    .select(['ri.return_id', 'i.filename'])
    .where('ri.return_id', 'in', ids)
    .orderBy('ri.return_id')
    .orderBy('ri.position')
    .execute();
}

/** A request's history, oldest first, with the staff member's name. */
export function eventsOf(db: Executor, id: number) {
  return db
    .selectFrom('return_events as e')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .select(['e.from_status', 'e.to_status', 'e.by', 'u.display_name as user_name', 'e.note', 'e.created_at'])
    .where('e.return_id', '=', id)
    .orderBy('e.id')
    .execute();
}

/**
 * Moves a request from the status and version staff saw, with the step's columns; false when it changed meanwhile
 * (another click, another staff member), so two steps at once cannot both apply.
 */
export async function moveReturn(
  db: Executor,
  move: {
    id: number;
    from: ReturnStatus;
    version: number;
    to: ReturnStatus;
    set: Updateable<ReturnsTable>;
    now: string;
  },
) {
  const result = await db
    .updateTable('returns')
    .set({ ...move.set, status: move.to, version: move.version + 1, updated_at: move.now })
    .where('id', '=', move.id)
    .where('status', '=', move.from)
    .where('version', '=', move.version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A staff step in the request's history. */
export async function addStaffEvent(
  db: Executor,
  event: { returnId: number; from: ReturnStatus; to: ReturnStatus; userId: number; note: string | null; at: string },
) {
  await db
    .insertInto('return_events')
    .values({
      return_id: event.returnId,
      from_status: event.from,
      to_status: event.to,
      by: 'staff',
      user_id: event.userId,
      note: event.note,
      created_at: event.at,
    })
    .execute();
}
