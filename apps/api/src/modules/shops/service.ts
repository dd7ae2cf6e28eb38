import type { Shop, shopInputSchema } from '@marketplace/shared';
import type { z } from 'zod';
import { nowIso, type Db } from '../../db/database.js';
import { HttpError } from '../../plugins/errors.js';
import { recordAudit } from '../audit/index.js';
import type { SessionUser } from '../auth/index.js';
import { moneyRefersTo } from '../ledger/index.js';
import { shopHasProducts } from '../products/index.js';
import { deleteShop, findShop, insertShop, updateShop, type ShopRow } from './repository.js';

export const SHOP_NOT_FOUND = 'Shop not found';
export const SHOP_HAS_MONEY = 'This shop has money records in the ledger, so it cannot be deleted.';
export const SHOP_IN_USE = 'This shop still has products. Move or delete its products before deleting the shop.';

type ShopInput = z.output<typeof shopInputSchema>;

/** The first API's `contact` is the opening hours: sent back under both names. */
export function toShop(row: ShopRow): Shop {
  return { ...row, contact: row.hours, delivery_fee: row.delivery_fee === null ? null : Number(row.delivery_fee) };
}

export async function createShop(db: Db, actor: SessionUser, input: ShopInput): Promise<Shop> {
  return db.kysely.transaction().execute(async (trx) => {
    const now = nowIso();
    const id = await insertShop(trx, { ...input, contact: input.hours, created_at: now, updated_at: now });
    await recordAudit(trx, {
      actorId: actor.id,
      action: `Created shop ${input.name}`,
      subjectType: 'shop',
      subjectId: id,
    });
    return toShop((await findShop(trx, id))!);
  });
}

export async function changeShop(db: Db, actor: SessionUser, id: number, input: ShopInput): Promise<Shop> {
  return db.kysely.transaction().execute(async (trx) => {
    if (!(await findShop(trx, id))) throw new HttpError(404, SHOP_NOT_FOUND);
    await updateShop(trx, id, { ...input, contact: input.hours, updated_at: nowIso() });
    await recordAudit(trx, {
      actorId: actor.id,
      action: `Updated shop ${input.name}`,
      subjectType: 'shop',
      subjectId: id,
    });
    return toShop((await findShop(trx, id))!);
  });
}

export async function removeShop(db: Db, actor: SessionUser, id: number) {
  await db.kysely.transaction().execute(async (trx) => {
    const shop = await findShop(trx, id);
    if (!shop) throw new HttpError(404, SHOP_NOT_FOUND);
    if (await shopHasProducts(trx, id)) throw new HttpError(409, SHOP_IN_USE);
    // Its takings stay readable by shop on the Money screen (docs/decisions/0082).
    if (await moneyRefersTo(trx, { shopId: id })) throw new HttpError(409, SHOP_HAS_MONEY);
    await deleteShop(trx, id);
    await recordAudit(trx, {
      actorId: actor.id,
      action: `Deleted shop ${shop.name}`,
      subjectType: 'shop',
      subjectId: id,
    });
  });
}
