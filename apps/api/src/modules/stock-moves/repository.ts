import type { Executor } from '../../db/database.js';
import type { StockMoveState } from '../../db/schema.js';

/** The item's moves, newest first, with both shops' names and towns. */
export async function movesOf(db: Executor, productId: number) {
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
    ])
    .where('m.product_id', '=', productId)
    .orderBy('m.id', 'desc')
    .execute();
}
export type MoveRow = Awaited<ReturnType<typeof movesOf>>[number];

export async function openMove(db: Executor, productId: number) {
  return db
    .selectFrom('stock_moves')
    .selectAll()
    .where('product_id', '=', productId)
    .where('state', '=', 'in_transit')
    .executeTakeFirst();
}

export async function closeMove(db: Executor, id: number, state: StockMoveState, by: number, at: string) {
  await db.updateTable('stock_moves').set({ state, closed_by: by, closed_at: at }).where('id', '=', id).execute();
}
