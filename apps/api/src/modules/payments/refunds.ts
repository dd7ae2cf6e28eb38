import type { Db } from '../../db/database.js';
import { HttpError } from '../../plugins/errors.js';
import { recordAudit } from '../audit/index.js';
import type { SessionUser } from '../auth/index.js';
import { findOrder, ORDER_NOT_FOUND } from '../orders/index.js';
import { failedRefundsOf, queueRefund, unrefundedCharges } from '../ledger/index.js';

const NO_FAILED_REFUND = 'No failed refund to retry for this order.';

/**
 * Staff try again a refund the gateway refused: a new refund for each paid charge whose refunds all failed. The
 * unique index on refund_of keeps a second live refund out even if two staff press at once.
 */
export async function retryRefunds(db: Db, actor: SessionUser, orderId: number, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.kysely.transaction().execute(async (trx) => {
    const order = await findOrder(trx, orderId);
    if (!order) throw new HttpError(404, ORDER_NOT_FOUND);
    // Of the charges still to refund, those whose refund was tried and failed: a first refund is the cancel's job.
    const failed = await failedRefundsOf(trx, orderId);
    const tried = new Set(failed.map((f) => f.refund_of));
    const charges = (await unrefundedCharges(trx, orderId)).filter((c) => tried.has(c.id));
    if (charges.length === 0) throw new HttpError(409, NO_FAILED_REFUND);
    for (const charge of charges) await queueRefund(trx, charge, at);
    await recordAudit(trx, {
      actorId: actor.id,
      action: `Order ${order.number}: refund tried again`,
      subjectType: 'order',
      subjectId: order.id,
      at,
    });
  });
}
