import { formatMoney, type LedgerCorrection, type MoneyEntry } from '@marketplace/shared';
import type { Db } from '../../db/database.js';
import { HttpError } from '../../plugins/errors.js';
import { recordAudit } from '../audit/index.js';
import type { SessionUser } from '../auth/index.js';
import { findLedgerEntry, recordMovement } from '../ledger/index.js';
import { shopExists } from '../shops/index.js';
import { toEntry } from './entries.js';

const CORRECTED_ENTRY_NOT_FOUND = 'The entry to correct was not found';
const CORRECTION_SHOP_NOT_FOUND = 'The shop was not found';

/**
 * An Admin's correction (docs/decisions/0082): a new ledger row of kind `correction`, in the corrected entry's
 * method (the money it moves is of the same kind), with the reason as its note, audited in the same transaction.
 */
export async function recordCorrection(
  db: Db,
  actor: SessionUser,
  input: LedgerCorrection,
  now: Date,
): Promise<MoneyEntry> {
  return db.kysely.transaction().execute(async (trx) => {
    const corrected = await findLedgerEntry(trx, input.corrects_id);
    if (!corrected) throw new HttpError(400, CORRECTED_ENTRY_NOT_FOUND, { corrects_id: CORRECTED_ENTRY_NOT_FOUND });
    if (!(await shopExists(trx, input.shop_id)))
      throw new HttpError(400, CORRECTION_SHOP_NOT_FOUND, { shop_id: CORRECTION_SHOP_NOT_FOUND });
    const id = await recordMovement(
      trx,
      {
        kind: 'correction',
        direction: input.direction,
        method: corrected.method,
        amount: input.amount,
        orderId: corrected.order_id,
        sellerRequestId: corrected.seller_request_id,
        subjectNumber: corrected.subject_number,
        shopId: input.shop_id,
        staffId: actor.id,
        note: input.reason,
        correctsId: corrected.id,
      },
      now,
    );
    await recordAudit(trx, {
      actorId: actor.id,
      action: `Recorded a correction of ${formatMoney(input.amount)} ${input.direction} for ledger entry ${corrected.id}`,
      subjectType: 'ledger_entry',
      subjectId: id,
      detail: input.reason,
      at: now.toISOString(),
    });
    // Just written, in this transaction.
    return toEntry((await findLedgerEntry(trx, id))!);
  });
}
