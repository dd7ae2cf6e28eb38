import type { Executor } from '../../../db/database.js';

/** The back-office dashboard's count of accounts: one shop's (docs/decisions/0061), or every shop's when undefined. */
export async function countUsers(db: Executor, shopId?: number) {
  let query = db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n'));
  if (shopId !== undefined) query = query.where('shop_id', '=', shopId);
  const { n } = await query.executeTakeFirstOrThrow();
  return Number(n);
}
