import type { MoneyEntriesQuery, MoneyEntry } from '@marketplace/shared';
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.js';
import { ledgerRows } from '../ledger/index.js';
import type { LedgerEntriesTable } from '../../db/schema.js';

type LedgerRow = Selectable<LedgerEntriesTable>;

/** A ledger row as staff read it. */
export function toEntry(r: LedgerRow): MoneyEntry {
  return {
    id: r.id,
    created_at: r.created_at,
    kind: r.kind,
    direction: r.direction,
    method: r.method,
    // PostgreSQL reads bigint as text.
    amount: Number(r.amount),
    reference: r.reference,
    order_id: r.order_id,
    seller_request_id: r.seller_request_id,
    subject_number: r.subject_number,
    shop_id: r.shop_id,
    shop_name: r.shop_name,
    staff_name: r.staff_name,
    note: r.note,
    corrects_id: r.corrects_id,
  };
}

/** One page of the entries behind a figure, newest first, and how many there are in all. */
export async function entriesPage(db: Executor, query: MoneyEntriesQuery) {
  const [rows, count] = await Promise.all([
    ledgerRows(db, query)
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    ledgerRows(db, query)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const entries = rows.map(toEntry);
  return { entries, total: Number(count.n), limit: query.limit, offset: query.offset };
}
