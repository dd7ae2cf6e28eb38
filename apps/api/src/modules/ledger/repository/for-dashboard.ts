import type { Executor } from '../../../db/database.js';

// The back-office dashboard's money figures (modules/dashboard). `shopId`: one shop's (docs/decisions/0061).

/**
 * This week's money from the ledger (docs/decisions/0049, 0051), so that the dashboard says what the Money figures
 * say. Revenue: sales at the counter and payments online, less refunds. Margin: that revenue less fees and less
 * what was paid to sellers; no estimate of anything the ledger does not hold.
 */
export async function moneySince(db: Executor, from: string, shopId?: number) {
  let query = db
    .selectFrom('ledger_entries')
    .select(['kind', 'direction', (eb) => eb.fn.sum<string | number | null>('amount').as('sum')])
    .where('created_at', '>=', from)
    .where('kind', 'in', ['sale', 'payment', 'refund', 'fee', 'seller_payout']);
  if (shopId !== undefined) query = query.where('shop_id', '=', shopId);
  const rows = await query.groupBy(['kind', 'direction']).execute();
  let revenue = 0;
  let margin = 0;
  for (const r of rows) {
    // PostgreSQL sums bigint as numeric (text in JS).
    const signed = (r.direction === 'in' ? 1 : -1) * Number(r.sum ?? 0);
    if (r.kind === 'sale' || r.kind === 'payment' || r.kind === 'refund') revenue += signed;
    margin += signed;
  }
  return { revenue, margin };
}
