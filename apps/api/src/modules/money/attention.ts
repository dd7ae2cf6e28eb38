import type { MoneyQuery, MoneySummary } from '@marketplace/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { UNSETTLED_TRANSFER_STATUSES } from '../ledger/index.js';

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
  let rows = db
    .selectFrom('money_transfers as t')
    .leftJoin('orders as o', 'o.id', 't.order_id')
    .leftJoin('seller_requests as s', 's.id', 't.seller_request_id')
    .select([
      't.id',
      't.kind',
      't.status',
      't.amount',
      't.method',
      't.order_id',
      't.seller_request_id',
      't.created_at',
      't.note',
      'o.number',
      's.reference',
    ])
    .where((eb) =>
      eb.or([
        // Open, or waiting for an Admin to pay by hand (decision 0079).
        eb('t.status', 'in', UNSETTLED_TRANSFER_STATUSES),
        eb.and([
          eb('t.status', '=', 'failed'),
          eb('t.kind', '<>', 'charge'),
          // Not superseded: no later attempt for the same charge or seller request that is alive or done.
          eb.not(
            eb.exists(
              eb
                .selectFrom('money_transfers as later')
                .select('later.id')
                .whereRef('later.kind', '=', 't.kind')
                .whereRef('later.id', '>', 't.id')
                .where('later.status', '<>', 'failed')
                .where((w) =>
                  w.or([
                    w.and([w('later.refund_of', 'is not', null), w('later.refund_of', '=', w.ref('t.refund_of'))]),
                    w.and([
                      w('later.seller_request_id', 'is not', null),
                      w('later.seller_request_id', '=', w.ref('t.seller_request_id')),
                    ]),
                  ]),
                ),
            ),
          ),
        ]),
      ]),
    )
    .orderBy('t.id', 'desc')
    .limit(ATTENTION_LIMIT);
  if (query.shop_id !== undefined) {
    const shopId = query.shop_id;
    rows = rows.where((eb) =>
      eb.or([
        eb('o.shop_id', '=', shopId),
        eb.exists(
          eb
            .selectFrom('products as p')
            .select(sql`1`.as('one'))
            .whereRef('p.seller_request_id', '=', 't.seller_request_id')
            .where('p.shop_id', '=', shopId),
        ),
      ]),
    );
  }
  return (await rows.execute()).map((r) => ({
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
