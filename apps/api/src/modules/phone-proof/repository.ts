import { sql, type Insertable } from 'kysely';
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

/**
 * Judges a guess at the phone's newest code in one conditional statement: the code must still be usable (unused,
 * unexpired, fewer than `maxTries` wrong guesses) and a wrong guess counts a try in the same update. Guesses racing
 * each other wait on the row on PostgreSQL and see the tries counted before them, so at most `maxTries` wrong
 * guesses are ever compared (issue 35: a read then a count let a burst of guesses all be compared). Only the newest
 * code counts: asking again replaces it. The code's id when the guess is right, else undefined.
 */
export async function judgeGuess(
  db: Executor,
  { phone, guessHash, now, maxTries }: { phone: string; guessHash: string; now: string; maxTries: number },
): Promise<number | undefined> {
  const row = await db
    .updateTable('phone_codes')
    .set({ tries: sql<number>`tries + case when code_hash = ${guessHash} then 0 else 1 end` })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('phone_codes as newest')
        .select((n) => n.fn.max('newest.id').as('id'))
        .where('newest.phone', '=', phone),
    )
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('tries', '<', maxTries)
    .returning(['id', 'code_hash'])
    .executeTakeFirst();
  return row && row.code_hash === guessHash ? row.id : undefined;
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
