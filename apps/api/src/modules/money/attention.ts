import type { MoneyQuery, MoneySummary } from '@marketplace/shared';
import type { Executor } from '../../db/database.js';
import { transfersNeedingAttention } from '../ledger/index.js';

/** The most the list shows: more than this waiting means something bigger is wrong, and the first ones say what. */
const ATTENTION_LIMIT = 100;

const KIND = { charge: 'payment', refund: 'refund', seller_payout: 'seller_payout' } as const;

/**
 * Money through the gateway that staff must look at, whatever the period: charges, refunds and payouts still open
 * (waiting for the buyer's PIN, for the gateway, or left open because its answer disagreed: see the note), those
 * the gateway cannot send and an Admin must pay by hand (`manual`), and
 * refunds and seller payouts that failed and were not tried again since. Newest first, of the shop when one is asked.
 */
export async function needingAttention(db: Executor, query: MoneyQuery): Promise<MoneySummary['attention']> {
  const rows = await transfersNeedingAttention(db, { shopId: query.shop_id, limit: ATTENTION_LIMIT });
  return rows.map((r) => ({
    id: r.id,
    kind: KIND[r.kind],
    status: r.status,
    amount: Number(r.amount),
    method: r.method,
    subject_number: r.number ?? r.reference ?? null,
    order_id: r.order_id,
    seller_request_id: r.seller_request_id,
    created_at: r.created_at,
    note: r.note,
  }));
}
