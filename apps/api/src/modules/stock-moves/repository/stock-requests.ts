import type { Insertable } from 'kysely';
import type { Executor } from '../../../db/database.js';
import type { Database } from '../../../db/schema.js';

/** The items this phone has open requests for: one phone may hold only a few (decision 0062). */
export function openRequestsOfPhone(db: Executor, phone: string) {
  return db
    .selectFrom('stock_requests')
    .select('product_id')
    .where('phone', '=', phone)
    .where('state', '=', 'open')
    .execute();
}

/** How many open requests one network (address group) has made. */
export async function openRequestsFromAddress(db: Executor, addressGroup: string) {
  const { n } = await db
    .selectFrom('stock_requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('address_group', '=', addressGroup)
    .where('state', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function insertStockRequest(db: Executor, request: Insertable<Database['stock_requests']>) {
  await db.insertInto('stock_requests').values(request).execute();
}

/** Requests with their item (p) and destination shop (s). */
function withItemAndShop(db: Executor) {
  return db
    .selectFrom('stock_requests as r')
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .innerJoin('shops as s', 's.id', 'r.to_shop_id');
}

/** The open requests with their item and destination shop, oldest first; `shopId` keeps those for its items. */
export async function openStockRequests(db: Executor, shopId?: number) {
  let query = withItemAndShop(db)
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
  if (shopId !== undefined) query = query.where('p.shop_id', '=', shopId);
  return query.orderBy('r.id').execute();
}

/** The shop holding the item a request is for: that shop's staff answer it (docs/decisions/0062). */
export async function stockRequestShop(db: Executor, id: number) {
  const row = await db
    .selectFrom('stock_requests as r')
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .select('p.shop_id')
    .where('r.id', '=', id)
    .executeTakeFirst();
  return row?.shop_id;
}

/** A request with what its answer's SMS and audit line name: the item and the destination shop. */
export function stockRequestToDecide(db: Executor, id: number) {
  return withItemAndShop(db)
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
}

export async function markStockRequestDecided(
  db: Executor,
  id: number,
  answer: { state: 'accepted' | 'declined'; reason: string | null; by: number; at: string },
) {
  await db
    .updateTable('stock_requests')
    .set({ state: answer.state, reason: answer.reason, decided_by: answer.by, decided_at: answer.at })
    .where('id', '=', id)
    .execute();
}
