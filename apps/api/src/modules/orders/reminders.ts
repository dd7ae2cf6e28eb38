import { EXPIRABLE_ORDER_STATUSES } from '@marketplace/shared';
import { sql } from 'kysely';
import type { Db, Engine } from '../../db/database.js';
import type { OrderLinks } from './buyer-links.js';
import { tellBuyer } from './buyer-messages.js';
import { findOrder } from './repository.js';

/** The buyer is reminded this long before an unpaid reservation runs out (decision 0060). */
export const REMIND_HOURS_BEFORE = 6;

/** Orders held for at least REMIND_HOURS_BEFORE from placement: times are ISO strings, read as dates by each engine. */
function longerHold(engine: Engine) {
  return engine === 'postgres'
    ? sql<boolean>`cast(expires_at as timestamptz) - cast(created_at as timestamptz) >= make_interval(hours => ${REMIND_HOURS_BEFORE})`
    : sql<boolean>`julianday(expires_at) - julianday(created_at) >= ${REMIND_HOURS_BEFORE} / 24.0`;
}

/**
 * Reminds buyers whose reservation ends within 6 hours, each order once even with several processes sweeping: a
 * sweep claims an order by setting `reminded_at` where it is still empty, and writes the message in that transaction.
 * Paid orders are held until collected and never expire, so they are not reminded. Returns how many this call sent.
 */
export async function remindDueOrders(db: Db, links: OrderLinks, now: Date, batch = 100): Promise<number> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + REMIND_HOURS_BEFORE * 3_600_000).toISOString();
  const key = await links.key();
  const due = await db.kysely
    .selectFrom('orders')
    .select('id')
    .where('status', 'in', [...EXPIRABLE_ORDER_STATUSES])
    .where('payment_status', 'not in', ['paid', 'refunding'])
    .where('reminded_at', 'is', null)
    .where('expires_at', '>', at)
    .where('expires_at', '<=', until)
    // A hold shorter than the reminder's 6 hours (paying now: minutes) is not "held for 6 more hours" (decision 0083).
    .where(longerHold(db.engine))
    .orderBy('expires_at')
    .limit(batch)
    .execute();
  let sent = 0;
  for (const { id } of due) {
    const claimed = await db.kysely.transaction().execute(async (trx) => {
      const claim = await trx
        .updateTable('orders')
        .set({ reminded_at: at })
        .where('id', '=', id)
        .where('reminded_at', 'is', null)
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1) return false;
      await tellBuyer(trx, (await findOrder(trx, id))!, 'reminder', { messaging: { links, key }, now });
      return true;
    });
    if (claimed) sent++;
  }
  return sent;
}
