import type { Executor } from '../../../db/database.js';

/** Orders by status, for the metrics. */
export async function countOrdersByStatus(db: Executor) {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  return rows.map((r) => ({ status: r.status, n: Number(r.n) }));
}
