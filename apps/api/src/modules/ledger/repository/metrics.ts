import type { Executor } from '../../../db/database.js';

/** Transfers by kind and status, for the metrics. */
export async function countTransfersByStatus(db: Executor) {
  const rows = await db
    .selectFrom('money_transfers')
    .select((eb) => ['kind', 'status', eb.fn.countAll<number>().as('n')])
    .groupBy(['kind', 'status'])
    .execute();
  return rows.map((r) => ({ kind: r.kind, status: r.status, n: Number(r.n) }));
}
