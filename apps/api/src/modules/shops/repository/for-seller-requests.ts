import type { Executor } from '../../../db/database.js';

/** The town of the shop an offered item goes to (its product's location, modules/seller-requests). */
export async function shopTown(db: Executor, shopId: number) {
  return (await db.selectFrom('shops').select('town').where('id', '=', shopId).executeTakeFirst())?.town;
}
