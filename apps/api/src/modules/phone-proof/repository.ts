import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { PhoneCodesTable } from '../../db/schema.js';

export async function insertCode(db: Executor, row: Insertable<PhoneCodesTable>): Promise<number> {
  const { id } = await db.insertInto('phone_codes').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Codes asked after `since` for this phone, and from this address group. */
export async function codesAskedSince(db: Executor, phone: string, group: string, since: string) {
  const count = (column: 'phone' | 'client_group', value: string) =>
    db
      .selectFrom('phone_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(column, '=', value)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  return { byPhone: await count('phone', phone), byGroup: await count('client_group', group) };
}

/** The phone's newest code, while it can still be used. Only the newest counts: asking again replaces it. */
export async function newestLiveCode(db: Executor, phone: string, now: string, maxTries: number) {
  const newest = await db
    .selectFrom('phone_codes')
    .select(['id', 'code_hash', 'tries', 'expires_at', 'used_at'])
    .where('phone', '=', phone)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!newest || newest.used_at !== null || newest.expires_at <= now || newest.tries >= maxTries) return undefined;
  return newest;
}

/** A wrong guess; conditional, so guesses racing each other still stop at `maxTries`. */
export async function countTry(db: Executor, id: number, maxTries: number) {
  await db
    .updateTable('phone_codes')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('id', '=', id)
    .where('tries', '<', maxTries)
    .execute();
}

/** Uses the code up; false when another request used it first. */
export async function useCode(db: Executor, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('phone_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
