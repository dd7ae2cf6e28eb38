import { sql } from 'kysely';
import type { Executor } from '../../../db/database.js';

// What personal-data counts and erases of the phones reports of a listing were proved with (docs/decisions/0078).

export async function countReportsOfPhone(db: Executor, phone: string): Promise<number> {
  const row = await db
    .selectFrom('product_reports')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('phone', '=', phone)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The phone a report of a listing was proved with (decision 0086): the report stays, still counted as one proved
 * phone, under a placeholder of its own ('erased-{id}', so the one-report-per-phone index still holds). By phone,
 * or those made before a time.
 */
export async function eraseReporterPhones(db: Executor, which: { phone: string } | { madeBefore: string }) {
  let query = db
    .updateTable('product_reports')
    .set({ phone: sql<string>`'erased-' || id` })
    .where('phone', 'is not', null)
    .where('phone', 'not like', 'erased-%');
  query = 'phone' in which ? query.where('phone', '=', which.phone) : query.where('created_at', '<', which.madeBefore);
  await query.execute();
}
