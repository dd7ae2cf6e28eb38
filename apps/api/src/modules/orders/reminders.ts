import type { Db } from '../../db/database.js';
import type { OrderLinks } from './buyer-links.js';
import { tellBuyer } from './buyer-messages.js';
import { findOrder } from './repository.js';
import { claimReminder, dueReminders, REMIND_HOURS_BEFORE } from './repository/reminders.js';

export { REMIND_HOURS_BEFORE };

/**
 * Reminds buyers whose reservation ends within 6 hours, each order once even with several processes sweeping: a
 * sweep claims an order by setting `reminded_at` where it is still empty, and writes the message in that transaction.
 * Paid orders are held until collected and never expire, so they are not reminded. Returns how many this call sent.
 */
export async function remindDueOrders(db: Db, links: OrderLinks, now: Date, batch = 100): Promise<number> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + REMIND_HOURS_BEFORE * 3_600_000).toISOString();
  const key = await links.key();
  const due = await dueReminders(db.kysely, db.engine, { at, until, batch });
  let sent = 0;
  for (const { id } of due) {
    const claimed = await db.kysely.transaction().execute(async (trx) => {
      if (!(await claimReminder(trx, id, at))) return false;
      await tellBuyer(trx, (await findOrder(trx, id))!, 'reminder', { messaging: { links, key }, now });
      return true;
    });
    if (claimed) sent++;
  }
  return sent;
}
