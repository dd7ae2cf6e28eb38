import type { Language } from '@marketplace/shared';
import type { Executor } from '../../db/database.js';
import { enqueueMessages, type NewMessage, plainName } from '../notifications/index.js';
import { smsNumber } from '../seller-requests/index.js';
import { messageLink, type OrderLinks } from './buyer-links.js';
import { shopForOrder, type OrderRow } from './repository.js';

// What the buyer is told about their order (docs/decisions/0060): our words, the number, the collection code, the
// shop's name and address (staff's words) and the link; never what a stranger typed, except the buyer's plain name in
// an email's greeting. Written in the transaction of the change, so a message exists exactly when the change does.

export type BuyerNews =
  'placed' | 'ready' | 'reminder' | 'expired' | 'cancelled' | 'refunded' | 'refund_by_hand' | 'refunded_elsewhere';

const BRAND = 'Marketplace Malawi';

interface Facts {
  number: string;
  code: string;
  shop: string;
  delivery: boolean;
  /** A coach parcel (decision 0072): its town, and once sent its coach, waybill and whether the fare is paid. */
  coach: { town: string; company: string; waybill: string; farePaid: boolean } | null;
  link: string;
}

const SMS: Record<Language, Record<BuyerNews, (f: Facts) => string>> = {
  en: {
    placed: (f) =>
      f.coach
        ? `${BRAND}: order ${f.number} is reserved at ${f.shop}; the shop will call you to send it by coach to ${f.coach.town}. Your code: ${f.code}, tell it to the shop only once you have the parcel. ${f.link}`
        : `${BRAND}: order ${f.number} is reserved at ${f.shop}. Your code: ${f.code}, tell it only ${f.delivery ? 'to the driver on delivery' : 'at the counter when you collect'}. ${f.link}`,
    ready: (f) =>
      f.coach
        ? `${BRAND}: order ${f.number} is on the ${f.coach.company} coach to ${f.coach.town}, waybill ${f.coach.waybill}. Collect it at the depot${f.coach.farePaid ? '' : ' and pay the fare there'}, then tell the shop your code ${f.code}. ${f.link}`
        : f.delivery
          ? `${BRAND}: order ${f.number} is out for delivery. Give the driver your code ${f.code}. ${f.link}`
          : `${BRAND}: order ${f.number} is ready to collect at ${f.shop}. Bring your code ${f.code}. ${f.link}`,
    reminder: (f) => `${BRAND}: order ${f.number} is held for 6 more hours only. ${f.link}`,
    expired: (f) => `${BRAND}: order ${f.number} was not collected in time; its reservation has ended. ${f.link}`,
    cancelled: (f) => `${BRAND}: order ${f.number} was cancelled. ${f.link}`,
    refunded: (f) => `${BRAND}: the payment for order ${f.number} was refunded to the number you paid from. ${f.link}`,
    refunded_elsewhere: (f) =>
      `${BRAND}: the payment for order ${f.number} was refunded by Airtel Money to the number you gave. ${f.link}`,
    refund_by_hand: (f) =>
      `${BRAND}: your refund for order ${f.number} cannot be sent back to the number you paid from. ${f.shop} will call you to pay it by Airtel Money to a number you give, or in cash at the shop. ${f.link}`,
  },
  ny: {
    placed: (f) =>
      f.coach
        ? `${BRAND}: oda ${f.number} yasungidwa ku ${f.shop}; shopu idzakuimbirani kuti ikutumizireni pa basi ku ${f.coach.town}. Nambala yanu: ${f.code}, muiuze shopu mutalandira katundu yekha. ${f.link}`
        : `${BRAND}: oda ${f.number} yasungidwa ku ${f.shop}. Nambala yanu: ${f.code}, muiuze ${f.delivery ? 'dalaivala pobweretsa' : 'pa kauntala potenga'} yokha. ${f.link}`,
    ready: (f) =>
      f.coach
        ? `${BRAND}: oda ${f.number} ili pa basi ya ${f.coach.company} kupita ku ${f.coach.town}, waybill ${f.coach.waybill}. Katengeni ku depo${f.coach.farePaid ? '' : ' ndipo mulipire basi kumeneko'}, kenako uzani shopu nambala yanu ${f.code}. ${f.link}`
        : f.delivery
          ? `${BRAND}: oda ${f.number} ili pa njira. Uzani dalaivala nambala yanu ${f.code}. ${f.link}`
          : `${BRAND}: oda ${f.number} yakonzeka kutengedwa ku ${f.shop}. Bweretsani nambala yanu ${f.code}. ${f.link}`,
    reminder: (f) => `${BRAND}: oda ${f.number} yasungidwa kwa maola 6 okha. ${f.link}`,
    expired: (f) => `${BRAND}: oda ${f.number} sinatengedwe pa nthawi; sinasungidwenso. ${f.link}`,
    cancelled: (f) => `${BRAND}: oda ${f.number} yathetsedwa. ${f.link}`,
    refunded: (f) => `${BRAND}: ndalama za oda ${f.number} zabwezedwa ku nambala imene munalipira. ${f.link}`,
    refunded_elsewhere: (f) =>
      `${BRAND}: ndalama za oda ${f.number} zabwezedwa pa Airtel Money ku nambala imene munapereka. ${f.link}`,
    refund_by_hand: (f) =>
      `${BRAND}: ndalama za oda ${f.number} sizingabwezedwe ku nambala imene munalipira. ${f.shop} idzakuimbirani kuti ikulipireni pa Airtel Money ku nambala imene mungapereke, kapena ndalama m'manja ku shopu. ${f.link}`,
  },
};

/** The email's subject, in the order's language too: the body repeats the SMS. */
const SUBJECTS: Record<Language, Record<BuyerNews, (f: Facts) => string>> = {
  en: {
    placed: (f) => `Your order ${f.number} is reserved`,
    ready: (f) =>
      f.coach
        ? `Your order ${f.number} is on the coach to ${f.coach.town}`
        : f.delivery
          ? `Your order ${f.number} is on its way to you`
          : `Your order ${f.number} is ready`,
    reminder: (f) => `Your order ${f.number} is held for 6 more hours`,
    expired: (f) => `Your order ${f.number} has expired`,
    cancelled: (f) => `Your order ${f.number} was cancelled`,
    refunded: (f) => `Your order ${f.number} was refunded`,
    refund_by_hand: (f) => `How the refund for your order ${f.number} will be paid`,
    refunded_elsewhere: (f) => `Your order ${f.number} was refunded`,
  },
  ny: {
    placed: (f) => `Oda yanu ${f.number} yasungidwa`,
    ready: (f) =>
      f.coach
        ? `Oda yanu ${f.number} ili pa basi kupita ku ${f.coach.town}`
        : f.delivery
          ? `Oda yanu ${f.number} ili pa njira`
          : `Oda yanu ${f.number} yakonzeka`,
    reminder: (f) => `Oda yanu ${f.number}: kwatsala maola 6`,
    expired: (f) => `Oda yanu ${f.number} yatha nthawi`,
    cancelled: (f) => `Oda yanu ${f.number} yathetsedwa`,
    refunded: (f) => `Ndalama za oda yanu ${f.number} zabwezedwa`,
    refund_by_hand: (f) => `Momwe ndalama za oda yanu ${f.number} zidzabwezedwere`,
    refunded_elsewhere: (f) => `Ndalama za oda yanu ${f.number} zabwezedwa`,
  },
};

/** The messages for one piece of news: an SMS to a Malawi mobile number, an email when the buyer gave one. */
function buyerMessages(row: OrderRow, news: BuyerNews, facts: Facts): NewMessage[] {
  const about = { subjectType: 'order', subjectId: row.id };
  const sms = SMS[row.language][news](facts);
  const messages: NewMessage[] = [];
  const phone = smsNumber(row.phone);
  if (phone) messages.push({ channel: 'sms', recipient: phone, body: sms, ...about });
  if (row.email) {
    const subject = SUBJECTS[row.language][news](facts);
    const greeting = `${row.language === 'ny' ? 'Moni' : 'Hello'} ${plainName(row.buyer_name) || ''}`.trim();
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
  links: { links: OrderLinks; key: string },
  now: Date,
  staffId: number | null = null,
) {
  const shop = row.shop_id === null ? undefined : await shopForOrder(trx, row.shop_id);
  const facts: Facts = {
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
    link: await messageLink(trx, links.links, links.key, row),
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
  const claim = await trx
    .updateTable('orders')
    .set({ told_placed_at: now.toISOString() })
    .where('id', '=', row.id)
    .where('told_placed_at', 'is', null)
    .executeTakeFirst();
  if (Number(claim.numUpdatedRows) === 1 && links) await tellBuyer(trx, row, 'placed', links, now);
}
