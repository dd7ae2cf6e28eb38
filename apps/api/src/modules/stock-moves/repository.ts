import type { Executor } from '../../db/database.js';
import type { StockMoveState } from '../../db/schema.js';
import { shopsOfProduct } from '../admin-products/index.js';

function movesWithShops(db: Executor) {
  return db
    .selectFrom('stock_moves as m')
    .leftJoin('shops as f', 'f.id', 'm.from_shop_id')
    .innerJoin('shops as t', 't.id', 'm.to_shop_id')
    .select([
      'm.id',
      'm.state',
      'm.from_shop_id',
      'f.name as from_name',
      'f.town as from_town',
      'm.to_shop_id',
      't.name as to_name',
      't.town as to_town',
      'm.created_at',
      'm.closed_at',
    ]);
}

/** The item's moves, newest first, with both shops' names and towns. */
export async function movesOf(db: Executor, productId: number) {
  return movesWithShops(db).where('m.product_id', '=', productId).orderBy('m.id', 'desc').execute();
}
export type MoveRow = Awaited<ReturnType<typeof movesOf>>[number];

/** Items on their way, oldest first; `shopId` keeps those leaving or reaching that shop. */
export async function movingItems(db: Executor, shopId?: number) {
  let query = movesWithShops(db)
    .innerJoin('products as p', 'p.id', 'm.product_id')
    .select(['m.product_id', 'p.name as product_name'])
    .where('m.state', '=', 'in_transit');
  if (shopId !== undefined)
    query = query.where((eb) => eb.or([eb('m.from_shop_id', '=', shopId), eb('m.to_shop_id', '=', shopId)]));
  return query.orderBy('m.id').execute();
}

/** The shops an item's open move joins (where it is and where it is going): either may see and cancel it. */
export async function moveShops(db: Executor, productId: number) {
  const row = await shopsOfProduct(db, productId);
  return row ? [row.shop_id, row.transit_shop_id] : undefined;
}

/** The shop an item is on its way to: only its staff mark it received. */
export async function destinationShop(db: Executor, productId: number) {
  return (await shopsOfProduct(db, productId))?.transit_shop_id;
}

export async function openMove(db: Executor, productId: number) {
  return db
    .selectFrom('stock_moves')
    .selectAll()
    .where('product_id', '=', productId)
    .where('state', '=', 'in_transit')
    .executeTakeFirst();
}

/** A move starts: the item is on its way from its shop to `to_shop_id`. */
export async function insertMove(
  db: Executor,
  move: { product_id: number; from_shop_id: number | null; to_shop_id: number; created_by: number; created_at: string },
) {
  await db
    .insertInto('stock_moves')
    .values({ ...move, state: 'in_transit', closed_by: null, closed_at: null })
    .execute();
}

/** The move ends, received or cancelled, by `by` at `at`. */
export async function closeMove(db: Executor, id: number, end: { state: StockMoveState; by: number; at: string }) {
  await db
    .updateTable('stock_moves')
    .set({ state: end.state, closed_by: end.by, closed_at: end.at })
    .where('id', '=', id)
    .execute();
}
