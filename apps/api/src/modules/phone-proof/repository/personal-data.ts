import type { Executor } from '../../../db/database.js';

// What personal-data counts and erases of the codes sent to prove a phone (docs/decisions/0078).

export async function countPhoneCodes(db: Executor, phone: string): Promise<number> {
  const row = await db
    .selectFrom('phone_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('phone', '=', phone)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes the codes sent to the phone, or every code made before `cutoff`; answers how many. */
export async function deletePhoneCodes(db: Executor, which: { phone: string } | { madeBefore: string }) {
  const query = db.deleteFrom('phone_codes');
  const deleted = await (
    'phone' in which ? query.where('phone', '=', which.phone) : query.where('created_at', '<', which.madeBefore)
  ).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
