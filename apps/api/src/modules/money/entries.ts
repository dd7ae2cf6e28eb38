import type { MoneyEntriesQuery, MoneyEntry } from '@marketplace/shared';
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { LedgerEntriesTable } from '../../db/schema.js';

/** What narrows the ledger: the period (UTC days, both included) and, when given, shop, kinds and method. */
type EntryFilter = Pick<MoneyEntriesQuery, 'from' | 'to' | 'shop_id'> &
  Partial<Pick<MoneyEntriesQuery, 'kind' | 'method'>>;

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + 86_400_000).toISOString();
}

/** The ledger rows the filter keeps, not yet ordered: the summary, the CSV and the list all start here. */
export function ledgerRows(db: Executor, filter: EntryFilter) {
  let select = db
    .selectFrom('ledger_entries')
    .where('created_at', '>=', `${filter.from}T00:00:00.000Z`)
    .where('created_at', '<', nextDay(filter.to));
  if (filter.shop_id !== undefined) select = select.where('shop_id', '=', filter.shop_id);
  if (filter.kind !== undefined) select = select.where('kind', 'in', filter.kind);
  if (filter.method !== undefined) select = select.where('method', '=', filter.method);
  return select;
}

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
