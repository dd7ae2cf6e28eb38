import type { ConditionGrade, SellerRequest } from '@marketplace/shared';
import { CONDITION_LABELS } from '@marketplace/shared';
import type { Db } from '../../db/database.js';
import { HttpError } from '../../plugins/errors.js';
import { recordAudit } from '../audit/index.js';
import type { SessionUser } from '../auth/index.js';
import { deleteUnusedImages } from '../images/index.js';
import { moneyRefersTo } from '../ledger/index.js';
import { CHANGED_MEANWHILE } from './moves.js';
import { deleteRequest, findRequest, requestImages, setArchived, setCondition } from './repository.js';
import { loadRequest, REQUEST_NOT_FOUND } from './views.js';

const gradeName = (grade: ConditionGrade | null) => (grade ? CONDITION_LABELS[grade] : 'not graded');

/**
 * Staff set or correct the grade (any status: a product made from the request keeps its own grade). It moves
 * the version, so an add to inventory that read the old grade meanwhile is refused rather than copying it.
 */
export async function setRequestCondition(
  db: Db,
  { now, actor, id, condition }: { now: Date; actor: SessionUser; id: number; condition: ConditionGrade | null },
): Promise<SellerRequest> {
  return db.kysely.transaction().execute(async (trx) => {
    const row = await findRequest(trx, id);
    if (!row) throw new HttpError(404, REQUEST_NOT_FOUND);
    if (row.condition !== condition) {
      const at = now.toISOString();
      if (!(await setCondition(trx, { id, version: row.version, condition, now: at })))
        throw new HttpError(409, CHANGED_MEANWHILE);
      await recordAudit(trx, {
        actorId: actor.id,
        action: `Seller request ${row.reference} ${row.item_name}: condition ${gradeName(condition)} (was ${gradeName(row.condition)})`,
        subjectType: 'seller_request',
        subjectId: id,
        at,
      });
    }
    return loadRequest(trx, id);
  });
}

/** Archives a request or brings it back to the default list; its link, history and money stay as they are. */
export async function archiveRequest(
  db: Db,
  { now, actor, id, archived }: { now: Date; actor: SessionUser; id: number; archived: boolean },
): Promise<SellerRequest> {
  return db.kysely.transaction().execute(async (trx) => {
    const row = await findRequest(trx, id);
    if (!row) throw new HttpError(404, REQUEST_NOT_FOUND);
    if ((row.archived_at !== null) !== archived) {
      const at = now.toISOString();
      if (!(await setArchived(trx, { id, version: row.version, archivedAt: archived ? at : null, now: at })))
        throw new HttpError(409, CHANGED_MEANWHILE);
      await recordAudit(trx, {
        actorId: actor.id,
        action: `${archived ? 'Archived' : 'Unarchived'} seller request ${row.reference} ${row.item_name}`,
        subjectType: 'seller_request',
        subjectId: id,
        at,
      });
    }
    return loadRequest(trx, id);
  });
}

export const REQUEST_HAS_MONEY =
  'Money was paid or is being paid for this request, so it cannot be deleted. Archive it instead.';

/** Deletes a request with its history and photos; one that money records name is archived instead (0082). */
export async function removeRequest(db: Db, actor: SessionUser, id: number) {
  await db.kysely.transaction().execute(async (trx) => {
    const row = await findRequest(trx, id);
    if (!row) throw new HttpError(404, REQUEST_NOT_FOUND);
    if (await moneyRefersTo(trx, { sellerRequestId: id })) throw new HttpError(409, REQUEST_HAS_MONEY);
    const images = await requestImages(trx, id);
    if (!(await deleteRequest(trx, id, row.version))) throw new HttpError(409, CHANGED_MEANWHILE);
    // Images a product now uses (after add to inventory) stay; the others go with the request.
    await deleteUnusedImages(
      trx,
      images.map((i) => i.id),
    );
    await recordAudit(trx, {
      actorId: actor.id,
      action: `Deleted seller request ${row.reference} ${row.item_name}`,
      subjectType: 'seller_request',
      subjectId: id,
    });
  });
}
