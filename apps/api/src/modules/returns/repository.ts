import { OPEN_RETURN_STATUSES, type BuyerReturn } from '@marketplace/shared';
import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { ReturnEventsTable, ReturnsTable } from '../../db/schema.js';
import { newReturnReference } from './codes.js';

// The base queries of returns (docs/decisions/0099): the ask's insert, a request as its buyer sees it, an order's
// requests, and the history. The staff's steps and the outcomes have their own files in repository/.

type ReturnRow = Selectable<ReturnsTable>;

const REFERENCE_ATTEMPTS = 10;

/**
 * Inserts the request under a fresh reference, drawing again while the reference is taken (ON CONFLICT on the
 * reference only). A second open request for the same order item still fails, on the partial unique index: the
 * caller maps that to a 409.
 */
export async function insertReturn(
  db: Executor,
  values: Omit<Insertable<ReturnsTable>, 'reference'>,
): Promise<{ id: number; reference: string }> {
  for (let attempt = 0; attempt < REFERENCE_ATTEMPTS; attempt++) {
    const reference = newReturnReference();
    const row = await db
      .insertInto('returns')
      .values({ ...values, reference })
      .onConflict((oc) => oc.column('reference').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) return { id: row.id, reference };
  }
  // 31^7 (27 billion) references: reaching this means something other than bad luck.
  throw new Error('No free return reference after several attempts');
}

export async function linkReturnImages(db: Executor, returnId: number, imageIds: number[]) {
  if (imageIds.length === 0) return;
  await db
    .insertInto('return_images')
    .values(imageIds.map((image_id, position) => ({ return_id: returnId, image_id, position })))
    .execute();
}

export async function addReturnEvent(db: Executor, event: Insertable<ReturnEventsTable>) {
  await db.insertInto('return_events').values(event).execute();
}

/** The open request of an order item, if one is being worked. */
export function openReturnOfItem(db: Executor, orderItemId: number) {
  return db
    .selectFrom('returns')
    .select(['id', 'reference', 'status'])
    .where('order_item_id', '=', orderItemId)
    .where('status', 'in', [...OPEN_RETURN_STATUSES])
    .executeTakeFirst();
}

const BUYER_COLUMNS = [
  'id',
  'reference',
  'product_id',
  'kind',
  'reason',
  'status',
  'refund_amount',
  'refund_method',
  'decline_reason',
  'created_at',
  'updated_at',
] as const;

/** What the buyer sees of a request (buyerReturnSchema). */
function buyerView(row: Pick<ReturnRow, (typeof BUYER_COLUMNS)[number]>): BuyerReturn {
  return {
    ...row,
    refund_amount: row.refund_amount === null ? null : Number(row.refund_amount),
  };
}

export async function findBuyerReturn(db: Executor, id: number): Promise<BuyerReturn | undefined> {
  const row = await db.selectFrom('returns').select(BUYER_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && buyerView(row);
}

/** Every request asked on an order, oldest first: the order page's after-sale part. */
export async function returnsOfOrder(db: Executor, orderId: number): Promise<BuyerReturn[]> {
  const rows = await db
    .selectFrom('returns')
    .select(BUYER_COLUMNS)
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  return rows.map(buyerView);
}
