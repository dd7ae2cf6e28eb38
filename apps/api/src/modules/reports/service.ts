import { REPORTS_TO_HIDE, type AdminReportedItem, type ReportDecision } from '@marketplace/shared';
import { lockKeys } from '../../db/advisory-lock.js';
import type { Db } from '../../db/database.js';
import { HttpError } from '../../plugins/errors.js';
import { recordAudit } from '../audit/repository.js';
import type { SessionUser } from '../auth/service.js';
import { findProduct } from '../products/repository.js';
import {
  closeReports,
  hideByReports,
  insertReport,
  listReportedItems,
  openReportsOf,
  openReporters,
  settleProduct,
  type NewReport,
} from './repository.js';

/** Reports of one item shown in the queue; the count of visitors covers them all. */
const REPORTS_SHOWN = 10;

/**
 * Records a visitor's report; the third different visitor hides the item until staff decide. A repeat (same
 * visitor id or address) is not counted and answers the same, so the answer never tells how many there are.
 */
export async function reportProduct(db: Db, report: NewReport): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    // Counting then hiding on the count: two reports at once must not both see 2 (docs/architecture.md#database).
    await lockKeys(trx, db.engine, [`product-reports:${report.productId}`]);
    const product = await findProduct(trx, report.productId);
    if (!product || product.published !== 1) throw new HttpError(404, 'Product not found');
    if (!(await insertReport(trx, report))) return;
    if ((await openReporters(trx, report.productId)) < REPORTS_TO_HIDE) return;
    if (!(await hideByReports(trx, report.productId, report.at))) return;
    await recordAudit(trx, {
      actorId: null,
      action: `Hid product ${product.name} after ${REPORTS_TO_HIDE} reports`,
      subjectType: 'product',
      subjectId: report.productId,
      at: report.at,
    });
  });
}

export async function reportQueue(db: Db, limit: number, offset: number) {
  const { rows, total } = await listReportedItems(db.kysely, limit, offset);
  const reports = await openReportsOf(
    db.kysely,
    rows.map((r) => r.product_id),
  );
  const items: AdminReportedItem[] = rows.map((row) => ({
    product_id: row.product_id,
    name: row.name,
    is_published: row.published === 1,
    // Staff may have published it again from the products screen meanwhile.
    awaiting_review: row.hidden_by_reports === 1 && row.published === 0,
    visitors: Number(row.visitors),
    last_reported_at: String(row.last_reported_at),
    reports: reports
      .filter((r) => r.product_id === row.product_id)
      .slice(0, REPORTS_SHOWN)
      .map(({ reason, note, created_at }) => ({ reason, note, created_at })),
  }));
  return { items, total, limit, offset };
}

const DECIDED: Record<ReportDecision, string> = {
  dismiss: 'Dismissed reports of product',
  unpublish: 'Unpublished reported product',
};

/** Staff close the item's open reports: dismiss (published again if reports hid it) or keep it unpublished. */
export async function decideReports(
  db: Db,
  actor: SessionUser,
  productId: number,
  decision: ReportDecision,
  at: string,
) {
  await db.kysely.transaction().execute(async (trx) => {
    await lockKeys(trx, db.engine, [`product-reports:${productId}`]);
    const product = await findProduct(trx, productId);
    const closed = product ? await closeReports(trx, productId, decision, at) : 0;
    if (!product || closed === 0) throw new HttpError(404, 'This item has no open reports.');
    await settleProduct(trx, productId, decision, at);
    await recordAudit(trx, {
      actorId: actor.id,
      action: `${DECIDED[decision]} ${product.name}`,
      subjectType: 'product',
      subjectId: productId,
      detail: `${closed} open report(s) closed`,
      at,
    });
  });
}
