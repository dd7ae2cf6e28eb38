import { REPORTS_TO_HIDE, type AdminReportedItem, type ReportDecision } from '@marketplace/shared';
import { lockKeys } from '../../db/advisory-lock.js';
import type { Db } from '../../db/database.js';
import { HttpError } from '../../plugins/errors.js';
import { recordAudit } from '../audit/index.js';
import type { SessionUser } from '../auth/index.js';
import { findProduct, hideByReports, settleProduct } from '../products/index.js';
import type { Metrics } from '../../plugins/metrics.js';
import { useCode, codeUsedMeanwhile, proveBuyerPhone, type PhoneProof } from '../phone-proof/index.js';
import {
  closeReports,
  hidesSince,
  insertReport,
  listReportedItems,
  markHidingReport,
  openProvedPhones,
  openReportsOf,
  type NewReport,
} from './repository.js';

/** What a report needs beyond the database: the checkout's phone proof and the hourly cap on automatic hides. */
export interface ReportRules {
  proof: PhoneProof;
  /** Items reports may hide by themselves in an hour, over the whole shop (REPORT_HIDES_PER_HOUR). */
  hidesPerHour: number;
  metrics?: Pick<Metrics, 'reportHide'> | undefined;
}

/** A report as the visitor sent it: the phone, when given, is proved before it counts as a phone. */
export type ReportInput = Omit<NewReport, 'phone'> & {
  phone?: string | undefined;
  phone_code?: string | undefined;
  phone_token?: string | undefined;
};

/** Reports of one item shown in the queue; the count of visitors covers them all. */
const REPORTS_SHOWN = 10;

/**
 * Records a visitor's report. Anonymous reports only reach the staff queue; the third different proved phone
 * hides the item until staff decide, unless REPORT_HIDES_PER_HOUR items were hidden so in the last hour (then
 * it stays on sale, in the queue). A repeat (same visitor id, phone, or anonymous address) is not counted and
 * answers the same, so the answer never tells how many there are.
 */
export async function reportProduct(db: Db, rules: ReportRules, input: ReportInput, now: Date): Promise<void> {
  const { phone, phone_code, phone_token, ...report } = input;
  // Without an SMS transport no phone can be proved: the report is an anonymous one (proveBuyerPhone says so).
  const proof = phone
    ? await proveBuyerPhone(db, rules.proof, { phone, phone_code, phone_token }, now)
    : { proved: false };
  const provedPhone = proof.proved ? phone! : null;
  const hidden = await db.kysely.transaction().execute(async (trx) => {
    // Counting then hiding on the count: two reports at once must not both see 2 (docs/architecture.md#database).
    await lockKeys(trx, db.engine, [`product-reports:${report.productId}`]);
    const product = await findProduct(trx, report.productId);
    if (!product || product.published !== 1) throw new HttpError(404, 'Product not found');
    if ('codeId' in proof && proof.codeId !== undefined && !(await useCode(trx, proof.codeId, report.at)))
      throw codeUsedMeanwhile();
    if (!(await insertReport(trx, { ...report, phone: provedPhone }))) return undefined;
    if (provedPhone === null || (await openProvedPhones(trx, report.productId)) < REPORTS_TO_HIDE) return undefined;
    // The cap is the shop's: counted and used under one lock, so hides racing on different items stop at it.
    await lockKeys(trx, db.engine, ['report-hides']);
    const since = new Date(now.getTime() - 3_600_000).toISOString();
    if ((await hidesSince(trx, since)) >= rules.hidesPerHour) return 'capped' as const;
    if (!(await hideByReports(trx, report.productId, report.at))) return undefined;
    await markHidingReport(trx, report.productId, provedPhone, report.at);
    await recordAudit(trx, {
      actorId: null,
      action: `Hid product ${product.name} after reports from ${REPORTS_TO_HIDE} proved phones`,
      subjectType: 'product',
      subjectId: report.productId,
      at: report.at,
    });
    return 'hidden' as const;
  });
  if (hidden) rules.metrics?.reportHide(hidden);
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
    proved_phones: Number(row.proved_phones),
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
  decided: { actor: SessionUser; productId: number; decision: ReportDecision; at: string },
) {
  const { actor, productId, decision, at } = decided;
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
