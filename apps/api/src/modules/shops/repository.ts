import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { ShopsTable } from '../../db/schema.js';

// contact is not read: the API sends hours under both names.
const columns = ['id', 'name', 'address', 'town', 'hours', 'phone', 'delivery_fee'] as const;
export type ShopRow = Pick<Selectable<ShopsTable>, (typeof columns)[number]>;

export async function listShops(db: Executor, limit: number, offset: number) {
  const rows = await db.selectFrom('shops').select(columns).orderBy('id').limit(limit).offset(offset).execute();
  const { n } = await db
    .selectFrom('shops')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

export function findShop(db: Executor, id: number): Promise<ShopRow | undefined> {
  return db.selectFrom('shops').select(columns).where('id', '=', id).executeTakeFirst();
}

export async function insertShop(db: Executor, values: Insertable<ShopsTable>) {
  return (await db.insertInto('shops').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateShop(db: Executor, id: number, values: Updateable<ShopsTable>) {
  await db.updateTable('shops').set(values).where('id', '=', id).execute();
}

export async function deleteShop(db: Executor, id: number) {
  await db.deleteFrom('shops').where('id', '=', id).execute();
}

export async function shopExists(db: Executor, id: number) {
  return (await db.selectFrom('shops').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** The shop an order is collected from, as its messages and pages name it (orders). */
export function shopForOrder(db: Executor, shopId: number) {
  return db
    .selectFrom('shops')
    .select(['id', 'name', 'town', 'address', 'hours', 'phone'])
    .where('id', '=', shopId)
    .executeTakeFirst();
}
