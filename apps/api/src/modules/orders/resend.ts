import type { Db } from '../../db/database.js';
import { lockKeys } from '../../db/advisory-lock.js';
import { message, enqueueMessages, messagesSince } from '../notifications/index.js';
import { orderByNumber } from './repository.js';
import { smsNumber } from '../seller-requests/index.js';
import { messageLink, type OrderLinks } from './buyer-links.js';

// "Lost your order link?" (docs/decisions/0060). Public and answered alike whatever happened, so it tells nobody
// whether a number or a phone exists; it sends only to the order's own phone, by SMS, and each send is a message a
// stranger who knows a number and a phone could make us send: capped per order and per phone per day.

/** Link SMS one order's phone receives a day through this form. */
export const RESENDS_PER_ORDER_DAY = 2;
/** Link SMS one phone receives a day through this form, over all its orders. */
export const RESENDS_PER_PHONE_DAY = 3;
const DAY_MS = 86_400_000;
const SUBJECT = 'order_link';

/** Sends the order's link to its phone when `number` and `phone` match an order and the caps allow; true if sent. */
export async function resendOrderLink(
  db: Db,
  links: OrderLinks,
  request: { number: string; phone: string },
  now: Date,
): Promise<boolean> {
  const phone = smsNumber(request.phone);
  const number = request.number.trim().toUpperCase();
  if (!phone) return false;
  const key = await links.key();
  return db.kysely.transaction().execute(async (trx) => {
    const order = await orderByNumber(trx, number);
    if (!order || smsNumber(order.phone) !== phone) return false;
    // Counted and written under a lock per phone: requests racing cannot pass a cap together.
    await lockKeys(trx, db.engine, [`order-link:${phone}`]);
    const since = new Date(now.getTime() - DAY_MS).toISOString();
    const sent = (column: 'subject_id' | 'recipient', value: number | string) =>
      messagesSince(trx, { subjectType: SUBJECT, column, value, since });
    if ((await sent('subject_id', order.id)) >= RESENDS_PER_ORDER_DAY) return false;
    if ((await sent('recipient', phone)) >= RESENDS_PER_PHONE_DAY) return false;
    const link = await messageLink(trx, links, key, order);
    await enqueueMessages(
      trx,
      [
        {
          channel: 'sms',
          recipient: phone,
          body: message(order.language, 'order.link', { number: order.number, link }),
          subjectType: SUBJECT,
          subjectId: order.id,
        },
      ],
      now,
    );
    return true;
  });
}
