import type { ReportDecision, ReportReason } from '@marketplace/shared';
import type { Executor } from '../../db/database.js';

export interface NewReport {
  productId: number;
  visitorId: string;
  addressGroup: string;
  /** The reporter's proved phone, or null (anonymous). */
  phone: string | null;
  reason: ReportReason;
  note: string | null;
  at: string;
}

/**
 * False when this visitor id, this proved phone, or (anonymous reports) this address already reported the item:
 * the unique indexes decide.
 */
export async function insertReport(db: Executor, r: NewReport): Promise<boolean> {
  const added = await db
    .insertInto('product_reports')
    .values({
      product_id: r.productId,
      visitor_id: r.visitorId,
      address_group: r.addressGroup,
      phone: r.phone,
      reason: r.reason,
      note: r.note,
      created_at: r.at,
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(added.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Different proved phones with an open report on the item: only these hide it by themselves. */
export async function openProvedPhones(db: Executor, productId: number): Promise<number> {
  const { n } = await db
    .selectFrom('product_reports')
    .select((eb) => eb.fn.count<number>('phone').distinct().as('n'))
    .where('product_id', '=', productId)
    .where('closed_at', 'is', null)
    .where('phone', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Items hidden by reports since `since`, over the whole shop: the hourly cap counts them. */
export async function hidesSince(db: Executor, since: string): Promise<number> {
  const { n } = await db
    .selectFrom('product_reports')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('hid_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Marks the report whose count hid the item. */
export async function markHidingReport(db: Executor, productId: number, phone: string, at: string) {
  await db
    .updateTable('product_reports')
    .set({ hid_at: at })
    .where('product_id', '=', productId)
    .where('phone', '=', phone)
    .execute();
}

/** Items with open reports, most recently reported first, with how many different visitors reported each. */
export async function listReportedItems(db: Executor, limit: number, offset: number) {
  const rows = await db
    .selectFrom('product_reports as r')
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .select((eb) => [
      'p.id as product_id',
      'p.name',
      'p.published',
      'p.hidden_by_reports',
      eb.fn.count<number>('r.visitor_id').distinct().as('visitors'),
      eb.fn.count<number>('r.phone').distinct().as('proved_phones'),
      eb.fn.max('r.created_at').as('last_reported_at'),
    ])
    .where('r.closed_at', 'is', null)
    .groupBy(['p.id', 'p.name', 'p.published', 'p.hidden_by_reports'])
    .orderBy('last_reported_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const { n } = await db
    .selectFrom('product_reports')
    .select((eb) => eb.fn.count<number>('product_id').distinct().as('n'))
    .where('closed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

/** The open reports of these items, newest first. */
export async function openReportsOf(db: Executor, productIds: number[]) {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('product_reports')
    .select(['product_id', 'reason', 'note', 'created_at'])
    .where('product_id', 'in', productIds)
    .where('closed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Closes the item's open reports with staff's decision; how many were open. */
export async function closeReports(db: Executor, productId: number, decision: ReportDecision, at: string) {
  const closed = await db
    .updateTable('product_reports')
    .set({ closed_at: at, decision })
    .where('product_id', '=', productId)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  return Number(closed.numUpdatedRows);
}
