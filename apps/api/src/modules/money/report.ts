import type { MoneyQuery, MoneySummary } from '@marketplace/shared';
import type { Executor } from '../../db/database.js';
import { needingAttention } from './attention.js';
import { ledgerRows } from '../ledger/index.js';

/** The ledger's rows of the query's days and shop, oldest first. */
function entriesOf(db: Executor, query: MoneyQuery) {
  return ledgerRows(db, query).selectAll().orderBy('created_at').orderBy('id').execute();
}

type Entry = Awaited<ReturnType<typeof entriesOf>>[number];
type Figures = MoneySummary['totals'];

const empty = (): Figures => ({ taken_in: {}, refunded: 0, paid_to_sellers: 0, fees: 0, corrections: 0, net: 0 });

/** Adds one entry to a set of figures; a correction counts in its own direction. */
function add(figures: Figures, entry: Entry) {
  const amount = Number(entry.amount);
  const signed = entry.direction === 'in' ? amount : -amount;
  switch (entry.kind) {
    case 'sale':
    case 'payment':
      figures.taken_in[entry.method] = (figures.taken_in[entry.method] ?? 0) + signed;
      break;
    case 'refund':
      figures.refunded += amount;
      break;
    case 'seller_payout':
      figures.paid_to_sellers += amount;
      break;
    case 'fee':
      figures.fees += amount;
      break;
    case 'correction':
      figures.corrections += signed;
      break;
  }
  figures.net += signed;
}

/**
 * Per shop and day, and in all: what was taken in by method, refunded, paid to sellers, the fees, the net; and
 * the transfers that need staff.
 */
export async function moneySummary(db: Executor, query: MoneyQuery): Promise<MoneySummary> {
  const days = new Map<string, MoneySummary['days'][number]>();
  const totals = empty();
  for (const entry of await entriesOf(db, query)) {
    const date = entry.created_at.slice(0, 10);
    const key = `${date} ${entry.shop_id ?? ''}`;
    let row = days.get(key);
    if (!row) {
      row = { date, shop_id: entry.shop_id, shop_name: entry.shop_name, ...empty() };
      days.set(key, row);
    }
    add(row, entry);
    add(totals, entry);
  }
  const attention = await needingAttention(db, query);
  return { from: query.from, to: query.to, days: [...days.values()], totals, attention };
}

/**
 * A cell a spreadsheet shows as text: quoted, and never read as a formula. A text starting with =, +, -, @, a tab,
 * a carriage return or a line feed leads with a quote (OWASP's CSV injection advice, 2025, added the line feed).
 */
function cell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r\n]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

const CSV_HEADER = ['date', 'shop', 'kind', 'method', 'amount', 'reference', 'number', 'staff', 'note'];

/** Excel reads a CSV as the machine's code page unless it starts with UTF-8's byte-order mark: Chichewa names need it. */
const UTF8_BOM = '\uFEFF';

/** The entries as CSV (RFC 4180, CRLF): out-going amounts negative, so a column sum is the net. */
export async function entriesCsv(db: Executor, query: MoneyQuery): Promise<string> {
  const lines = [CSV_HEADER.join(',')];
  for (const e of await entriesOf(db, query)) {
    const amount = (e.direction === 'in' ? 1 : -1) * Number(e.amount);
    lines.push(
      [e.created_at, e.shop_name, e.kind, e.method, amount, e.reference, e.subject_number, e.staff_name, e.note]
        .map(cell)
        .join(','),
    );
  }
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`;
}
