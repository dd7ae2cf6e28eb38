import type { MoneyEntriesQuery } from '@marketplace/shared';
import type { Executor } from '../../../db/database.js';
import type { LedgerKind } from '../../../db/schema.js';

/** One movement of money, as the code that moves it knows it; names are looked up when it is written. */
export interface Movement {
  kind: LedgerKind;
  direction: 'in' | 'out';
  method: string;
  /** Whole MWK, positive. */
  amount: number;
  reference?: string | null;
  orderId?: number | null;
  sellerRequestId?: number | null;
  /** The order's number or the seller request's reference. */
  subjectNumber?: string | null;
  shopId?: number | null;
  staffId?: number | null;
  note?: string | null;
  /** A correction's entry it corrects. */
  correctsId?: number | null;
}

/**
 * Appends one ledger row inside the caller's transaction, so the movement is recorded exactly when the change
 * it records commits (docs/decisions/0049), and answers the new row's id. The shop's and staff member's names are copied in: the record
 * stays readable after either is renamed or deleted. A wrong amount is a bug in the caller and fails its change.
 */
export async function recordMovement(trx: Executor, movement: Movement, at: Date): Promise<number> {
  if (!Number.isSafeInteger(movement.amount) || movement.amount <= 0)
    throw new Error(`Ledger amounts are whole kwacha above 0, not ${movement.amount}`);
  const { shopId, staffId } = movement;
  const { id } = await trx
    .insertInto('ledger_entries')
    .values({
      kind: movement.kind,
      direction: movement.direction,
      method: movement.method,
      amount: movement.amount,
      reference: movement.reference ?? null,
      order_id: movement.orderId ?? null,
      seller_request_id: movement.sellerRequestId ?? null,
      subject_number: movement.subjectNumber ?? null,
      shop_id: movement.shopId ?? null,
      // Read in the insert itself: the shops and users tables belong to their modules, which build on ledger.
      shop_name: shopId ? (eb) => eb.selectFrom('shops').select('name').where('id', '=', shopId) : null,
      staff_id: movement.staffId ?? null,
      staff_name: staffId ? (eb) => eb.selectFrom('users').select('display_name').where('id', '=', staffId) : null,
      note: movement.note ?? null,
      corrects_id: movement.correctsId ?? null,
      created_at: at.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** What narrows the ledger: the period (UTC days, both included) and, when given, shop, kinds and method. */
type EntryFilter = Pick<MoneyEntriesQuery, 'from' | 'to' | 'shop_id'> &
  Partial<Pick<MoneyEntriesQuery, 'kind' | 'method'>>;

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + 86_400_000).toISOString();
}

/** The ledger rows the filter keeps, not yet ordered: the Money summary, the CSV and the list all start here. */
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

/** One ledger row, whole. */
export function findLedgerEntry(db: Executor, id: number) {
  return db.selectFrom('ledger_entries').selectAll().where('id', '=', id).executeTakeFirst();
}
