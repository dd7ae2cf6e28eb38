import type { MoneyQuery, MoneySummary } from '@marketplace/shared';
import type { Executor } from '../../db/database.js';

/**
 * Money through the gateway that staff must look at: charges still pending, refunds and seller payouts that
 * failed. Empty until the money transfers table (migration 0018, decision 0052) lands; its author fills this in.
 */
export function needingAttention(_db: Executor, _query: MoneyQuery): Promise<MoneySummary['attention']> {
  return Promise.resolve([]);
}
