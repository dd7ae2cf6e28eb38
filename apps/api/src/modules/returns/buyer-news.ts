import type { Executor } from '../../db/database.js';
import { BRAND, enqueueMessages, message, type ReturnFacts } from '../notifications/index.js';
import { messageLink, type OrderLinks } from '../orders/index.js';
import { smsNumber } from '../seller-requests/index.js';
import { shopForOrder } from '../shops/index.js';
import type { StaffReturnRow } from './repository/staff.js';

// What the buyer is told of the counter's steps (docs/decisions/0099): an SMS in the order's language, written in
// the step's transaction, about the order (so it is listed and erased with the order's other messages).

export type ReturnNews = 'received' | 'in_repair' | 'repaired' | 'handed_over' | 'declined';

/** The server's link key, read before the transaction (SQLite has one connection), and how links are made. */
interface ReturnMessaging {
  links: OrderLinks;
  key: string;
}

export async function tellReturnBuyer(
  trx: Executor,
  row: StaffReturnRow,
  news: { news: ReturnNews; reason?: string | null },
  { messaging, now, staffId }: { messaging: ReturnMessaging; now: Date; staffId: number },
) {
  const phone = smsNumber(row.phone);
  if (!phone) return;
  const shop = row.shop_id === null ? undefined : await shopForOrder(trx, row.shop_id);
  const facts: ReturnFacts = {
    reference: row.reference,
    number: row.order_number,
    item: row.item_name,
    shop: shop ? `${shop.name}, ${shop.address}` : BRAND,
    link: await messageLink(trx, messaging.links, messaging.key, { id: row.order_id, number: row.order_number }),
  };
  const body =
    news.news === 'declined'
      ? message(row.language, 'return.declined', { ...facts, reason: news.reason ?? '' })
      : message(row.language, `return.${news.news}`, facts);
  await enqueueMessages(
    trx,
    [{ channel: 'sms', recipient: phone, body, subjectType: 'order', subjectId: row.order_id, staffId }],
    now,
  );
}
