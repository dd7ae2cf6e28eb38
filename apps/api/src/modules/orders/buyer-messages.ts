import type { Executor } from '../../db/database.js';
import {
  BRAND,
  message,
  type OrderFacts,
  enqueueMessages,
  type NewMessage,
  plainName,
} from '../notifications/index.js';
import { smsNumber } from '../seller-requests/index.js';
import { messageLink, type OrderLinks } from './buyer-links.js';
import type { OrderRow } from './repository.js';
import { claimToldPlaced } from './repository/buyer-messages.js';
import { shopForOrder } from '../shops/index.js';

// What the buyer is told about their order (docs/decisions/0060): our words, the number, the collection code, the
// shop's name and address (staff's words) and the link; never what a stranger typed, except the buyer's plain name in
// an email's greeting. The texts are the message catalogue's order.* keys (notifications/messages). Written in the
// transaction of the change, so a message exists exactly when the change does.

export type BuyerNews =
  'placed' | 'ready' | 'reminder' | 'expired' | 'cancelled' | 'refunded' | 'refund_by_hand' | 'refunded_elsewhere';

/** The messages for one piece of news: an SMS to a Malawi mobile number, an email when the buyer gave one. */
function buyerMessages(row: OrderRow, news: BuyerNews, facts: OrderFacts): NewMessage[] {
  const about = { subjectType: 'order', subjectId: row.id };
  const sms = message(row.language, `order.${news}`, facts);
  const messages: NewMessage[] = [];
  const phone = smsNumber(row.phone);
  if (phone) messages.push({ channel: 'sms', recipient: phone, body: sms, ...about });
  if (row.email) {
    const subject = message(row.language, `order.${news}.subject`, facts);
    const greeting = message(row.language, 'order.greeting', { name: plainName(row.buyer_name) || '' });
    messages.push({ channel: 'email', recipient: row.email, subject, body: `${greeting},\n\n${sms}\n`, ...about });
  }
  return messages;
}

/**
 * Writes the buyer's messages about `news` in the caller's transaction; `key` was read before it opened. `staffId`:
 * the staff member whose action it is news of (their SMS are not held by the per-number SMS cap, decision 0084).
 */
export async function tellBuyer(
  trx: Executor,
  row: OrderRow,
  news: BuyerNews,
  {
    messaging,
    now,
    staffId = null,
  }: { messaging: { links: OrderLinks; key: string }; now: Date; staffId?: number | null | undefined },
) {
  const shop = row.shop_id === null ? undefined : await shopForOrder(trx, row.shop_id);
  const facts: OrderFacts = {
    number: row.number,
    code: row.collection_code ?? '',
    shop: shop ? `${shop.name}, ${shop.address}` : BRAND,
    delivery: row.fulfilment === 'delivery',
    coach:
      row.fulfilment === 'coach' && row.coach_town
        ? {
            town: row.coach_town,
            company: row.coach_company ?? '',
            waybill: row.waybill ?? '',
            // Part of the order's total (staff added it), or paid at the depot.
            farePaid: row.coach_fare !== null,
          }
        : null,
    link: await messageLink(trx, messaging.links, messaging.key, row),
  };
  await enqueueMessages(
    trx,
    buyerMessages(row, news, facts).map((m) => ({ ...m, staffId })),
    now,
  );
}

/**
 * Tells the buyer their order is reserved, once: a pay-now order is told when it is paid or becomes an unpaid
 * reservation, not when placed (decision 0083), so a stranger's number gets no SMS for an order nobody paid. The
 * claim on told_placed_at keeps a second change (paying after a switch to the shop) from telling them again.
 */
export async function tellPlacedOnce(
  trx: Executor,
  row: OrderRow,
  links: { links: OrderLinks; key: string } | undefined,
  now: Date,
): Promise<void> {
  if ((await claimToldPlaced(trx, row.id, now.toISOString())) && links)
    await tellBuyer(trx, row, 'placed', { messaging: links, now });
}
