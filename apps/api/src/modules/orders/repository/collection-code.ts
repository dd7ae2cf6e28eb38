import type { Executor } from '../../../db/database.js';

/**
 * Claims one of the order's tries at its collection code, in one conditional statement: answers the count of wrong
 * codes with this try, or undefined when the order is held (its tries used up).
 */
export function claimCodeTry(db: Executor, id: number, hold: number) {
  return db
    .updateTable('orders')
    .set((eb) => ({ wrong_codes: eb('wrong_codes', '+', 1) }))
    .where('id', '=', id)
    .where('wrong_codes', '<', hold)
    .returning('wrong_codes')
    .executeTakeFirst();
}

/** A right code hands its try back. */
export async function giveCodeTryBack(db: Executor, id: number) {
  await db
    .updateTable('orders')
    .set((eb) => ({ wrong_codes: eb('wrong_codes', '-', 1) }))
    .where('id', '=', id)
    .execute();
}

/** An Admin's release of a held order: its tries start again. */
export async function resetCodeTries(db: Executor, id: number) {
  await db.updateTable('orders').set({ wrong_codes: 0 }).where('id', '=', id).execute();
}
