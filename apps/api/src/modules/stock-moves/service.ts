import type { MovingItem, StockMove, StockMoves } from '@marketplace/shared';
import type { Transaction } from 'kysely';
import { lockKeys } from '../../db/advisory-lock.js';
import type { Db, Executor } from '../../db/database.js';
import type { Database, StockMoveState } from '../../db/schema.js';
import { HttpError } from '../../plugins/errors.js';
import { recordAudit } from '../audit/index.js';
import type { SessionUser } from '../auth/index.js';
import { PRODUCT_NOT_FOUND } from '../admin-products/index.js';
import { moveLockKeys } from './lock-keys.js';
import { closeMove, insertMove, movesOf, movingItems, openMove, type MoveRow } from './repository.js';
import { heldOf, productForMove, setProductTransit } from '../products/index.js';
import { findShop } from '../shops/index.js';

export const RESERVED_CANNOT_MOVE = 'An open order reserves this item: it stays at its shop until the order ends.';
export const NOT_MOVING = 'This item is not being moved.';

function toMove(row: MoveRow): StockMove {
  return {
    id: row.id,
    state: row.state,
    from_shop:
      row.from_shop_id === null || row.from_name === null
        ? null
        : { id: row.from_shop_id, name: row.from_name, town: row.from_town ?? '' },
    to_shop: { id: row.to_shop_id, name: row.to_name, town: row.to_town },
    created_at: row.created_at,
    closed_at: row.closed_at,
  };
}

/** GET /admin/moves: what is on the road, for the Transfers screen. */
export async function listMoving(db: Executor, shopId?: number): Promise<MovingItem[]> {
  const rows = await movingItems(db, shopId);
  return rows.map((row) => ({ ...toMove(row), product_id: row.product_id, product_name: row.product_name }));
}

export async function loadMoves(db: Executor, productId: number): Promise<StockMoves> {
  if (!(await productForMove(db, productId))) throw new HttpError(404, PRODUCT_NOT_FOUND);
  const history = (await movesOf(db, productId)).map(toMove);
  return { product_id: productId, current: history.find((m) => m.state === 'in_transit') ?? null, history };
}

async function lockedProduct(trx: Transaction<Database>, db: Db, productId: number) {
  await lockKeys(trx, db.engine, moveLockKeys([productId]));
  const product = await productForMove(trx, productId);
  if (!product) throw new HttpError(404, PRODUCT_NOT_FOUND);
  return product;
}

/** Starts the move inside the caller's transaction (a staff move, or an accepted stock request). */
export async function moveIn(
  trx: Transaction<Database>,
  db: Db,
  actor: SessionUser,
  move: { productId: number; shopId: number; at: string },
) {
  const { productId, shopId, at } = move;
  const product = await lockedProduct(trx, db, productId);
  const shop = await findShop(trx, shopId);
  if (!shop) throw new HttpError(422, 'Choose a shop', { shop_id: 'Choose a shop' });
  if (product.sold === 1) throw new HttpError(409, 'A sold item cannot be moved.');
  if (product.transit_shop_id !== null) throw new HttpError(409, 'This item is already being moved.');
  if (product.shop_id === shopId)
    throw new HttpError(422, 'The item is already at that shop.', { shop_id: 'The item is already at that shop.' });
  if ((await heldOf(trx, [productId])).size > 0) throw new HttpError(409, RESERVED_CANNOT_MOVE);
  await insertMove(trx, {
    product_id: productId,
    from_shop_id: product.shop_id,
    to_shop_id: shopId,
    created_by: actor.id,
    created_at: at,
  });
  await setProductTransit(trx, productId, { transit_shop_id: shopId, updated_at: at });
  await recordAudit(trx, {
    actorId: actor.id,
    action: `Product ${product.name} moving to ${shop.name} (${shop.town})`,
    subjectType: 'product',
    subjectId: productId,
    at,
  });
  return shop;
}

/** POST .../move: the item leaves its shop for another; not orderable until received or cancelled. */
export async function startMove(
  db: Db,
  { actor, productId, shopId, now }: { actor: SessionUser; productId: number; shopId: number; now: Date },
) {
  const at = now.toISOString();
  await db.kysely.transaction().execute((trx) => moveIn(trx, db, actor, { productId, shopId, at }));
  return loadMoves(db.kysely, productId);
}

/** POST .../move/receive or .../move/cancel: ends the open move; received makes it the destination's stock. */
export async function endMove(
  db: Db,
  { actor, productId, state, now }: { actor: SessionUser; productId: number; state: StockMoveState; now: Date },
) {
  const at = now.toISOString();
  await db.kysely.transaction().execute(async (trx) => {
    const product = await lockedProduct(trx, db, productId);
    const move = await openMove(trx, productId);
    if (!move || product.transit_shop_id === null) throw new HttpError(409, NOT_MOVING);
    await closeMove(trx, move.id, { state, by: actor.id, at });
    const received = state === 'received';
    await setProductTransit(trx, productId, {
      transit_shop_id: null,
      updated_at: at,
      ...(received ? { shop_id: move.to_shop_id } : {}),
    });
    // The destination is there: deleting a shop deletes the moves to it (migration 0027).
    const shop = (await findShop(trx, move.to_shop_id))!;
    await recordAudit(trx, {
      actorId: actor.id,
      action: `Product ${product.name} ${received ? 'received at' : 'move cancelled to'} ${shop.name}`,
      subjectType: 'product',
      subjectId: productId,
      at,
    });
  });
  return loadMoves(db.kysely, productId);
}
