import { EXPIRABLE_ORDER_STATUSES } from '@marketplace/shared';
import { sql } from 'kysely';
import type { Engine, Executor } from '../../../db/database.js';

/** The buyer is reminded this long before an unpaid reservation runs out (decision 0060). */
export const REMIND_HOURS_BEFORE = 6;

/** Orders held for at least REMIND_HOURS_BEFORE from placement: times are ISO strings, read as dates by each engine. */
function longerHold(engine: Engine) {
  return engine === 'postgres'
    ? sql<boolean>`cast(expires_at as timestamptz) - cast(created_at as timestamptz) >= make_interval(hours => ${REMIND_HOURS_BEFORE})`
    : sql<boolean>`julianday(expires_at) - julianday(created_at) >= ${REMIND_HOURS_BEFORE} / 24.0`;
}

/** Unpaid open orders whose reservation ends within REMIND_HOURS_BEFORE and that were not reminded yet. */
export function dueReminders(
  db: Executor,
  engine: Engine,
  { at, until, batch }: { at: string; until: string; batch: number },
) {
  return (
    db
      .selectFrom('orders')
      .select('id')
      .where('status', 'in', [...EXPIRABLE_ORDER_STATUSES])
      .where('payment_status', 'not in', ['paid', 'refunding'])
      .where('reminded_at', 'is', null)
      .where('expires_at', '>', at)
      .where('expires_at', '<=', until)
      // A hold shorter than the reminder's 6 hours (paying now: minutes) is not "held for 6 more hours" (decision 0083).
      .where(longerHold(engine))
      .orderBy('expires_at')
      .limit(batch)
      .execute()
  );
}

/** Claims an order's reminder by setting reminded_at where still empty: true for the one call that did. */
export async function claimReminder(db: Executor, id: number, at: string): Promise<boolean> {
  const claim = await db
    .updateTable('orders')
    .set({ reminded_at: at })
    .where('id', '=', id)
    .where('reminded_at', 'is', null)
    .executeTakeFirst();
  return Number(claim.numUpdatedRows) === 1;
}
