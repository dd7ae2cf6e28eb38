import { formatDate, formatMoney } from '@marketplace/shared';
import { BRAND } from './brand.js';

// The server's messages in English (docs/decisions/0094). ny.ts has the same keys with the same parameters (the
// compiler checks it); index.ts says which are SMS. Parameters are our words' facts: numbers, codes, links, and the
// names staff typed (shops, towns, items, reasons); never what a stranger typed, except a buyer's own search.

/** What a message about an order says (docs/decisions/0060): the shop is its name and address, staff's words. */
export interface OrderFacts {
  number: string;
  code: string;
  shop: string;
  delivery: boolean;
  /** A coach parcel (decision 0072): its town, and once sent its coach, waybill and whether the fare is paid. */
  coach: { town: string; company: string; waybill: string; farePaid: boolean } | null;
  link: string;
}

/** A seller's item by its reference, and the link to its status page. */
interface SellerItem {
  reference: string;
  link: string;
}

/** A payout to a seller: `wallet` is the wallet's label, null when paid in cash at the counter. */
interface PayoutFacts {
  amount: number;
  reference: string;
  wallet: string | null;
  /** The gateway's or staff's reference of the payment, when there is one. */
  payment: string | null;
}

/** A shop's answer to a buyer's transfer request: item, shop, town and reason are staff's words. */
interface TransferAnswer {
  item: string;
  shop: string;
  town: string;
  reason: string;
}

/** A step of a return or warranty claim (decision 0099): item and shop are staff's words, the link the order's. */
export interface ReturnFacts {
  reference: string;
  number: string;
  item: string;
  shop: string;
  link: string;
}
/** A return refunded: `wallet` is the wallet's label (the refund is on its way), null when paid in cash at the counter. */
interface ReturnRefund {
  reference: string;
  number: string;
  amount: number;
  wallet: string | null;
}
/** A return replaced: the item's name and the shop are staff's words. */
interface ReturnReplaced {
  reference: string;
  number: string;
  item: string;
  shop: string;
}

/** One line of an alert SMS (decision 0070). */
interface PriceDrop {
  name: string;
  price: number;
  was: number;
  url: string;
}
interface BackOnSale {
  name: string;
  price: number;
  url: string;
}
interface NewForSearch {
  query: string;
  count: number;
  name: string;
  url: string;
}

/** A buyer's return or warranty claim (decision 0099): its reference, the order, the shop, how the item comes back. */
export interface ReturnAskFacts {
  reference: string;
  number: string;
  kind: 'return' | 'warranty';
  /** The shop's name and address (staff's words), as order messages name it. */
  shop: string;
  howBack: 'bring' | 'driver' | 'coach';
  link: string;
}

/** A buyer's offer on an item (decision 0103): its reference, the item (staff's words), the amount, the private link. */
export interface OfferFacts {
  reference: string;
  item: string;
  amount: number;
  link: string;
}

/** Why an offer was declined: one of the fixed reasons, worded in each language here. */
export type OfferDeclineWhy = 'too_low' | 'price_firm' | 'not_available' | 'below_floor' | 'sold';

const OFFER_WHY_EN: Record<OfferDeclineWhy, string> = {
  too_low: 'the offer is too low for this item',
  price_firm: 'the price is firm',
  not_available: 'the item is no longer available',
  below_floor: 'it is below what the shop can accept for this item',
  sold: 'the item was sold',
};

export const en = {
  /** The checkout's phone code (decision 0035): our words and the code only. */
  'phone.code': (p: { code: string }) => `Your ${BRAND} code is ${p.code}`,

  'order.placed': (f: OrderFacts) =>
    f.coach
      ? `${BRAND}: order ${f.number} is reserved at ${f.shop}; the shop will call you to send it by coach to ${f.coach.town}. Your code: ${f.code}, tell it to the shop only once you have the parcel. ${f.link}`
      : `${BRAND}: order ${f.number} is reserved at ${f.shop}. Your code: ${f.code}, tell it only ${f.delivery ? 'to the driver on delivery' : 'at the counter when you collect'}. ${f.link}`,
  'order.ready': (f: OrderFacts) =>
    f.coach
      ? `${BRAND}: order ${f.number} is on the ${f.coach.company} coach to ${f.coach.town}, waybill ${f.coach.waybill}. Collect it at the depot${f.coach.farePaid ? '' : ' and pay the fare there'}, then tell the shop your code ${f.code}. ${f.link}`
      : f.delivery
        ? `${BRAND}: order ${f.number} is out for delivery. Give the driver your code ${f.code}. ${f.link}`
        : `${BRAND}: order ${f.number} is ready to collect at ${f.shop}. Bring your code ${f.code}. ${f.link}`,
  'order.reminder': (f: OrderFacts) => `${BRAND}: order ${f.number} is held for 6 more hours only. ${f.link}`,
  'order.expired': (f: OrderFacts) =>
    `${BRAND}: order ${f.number} was not collected in time; its reservation has ended. ${f.link}`,
  'order.cancelled': (f: OrderFacts) => `${BRAND}: order ${f.number} was cancelled. ${f.link}`,
  'order.refunded': (f: OrderFacts) =>
    `${BRAND}: the payment for order ${f.number} was refunded to the number you paid from. ${f.link}`,
  'order.refunded_elsewhere': (f: OrderFacts) =>
    `${BRAND}: the payment for order ${f.number} was refunded by Airtel Money to the number you gave. ${f.link}`,
  'order.refund_by_hand': (f: OrderFacts) =>
    `${BRAND}: your refund for order ${f.number} cannot be sent back to the number you paid from. ${f.shop} will call you to pay it by Airtel Money to a number you give, or in cash at the shop. ${f.link}`,
  /** "Lost your order link?" (decision 0060). */
  'order.link': (p: { number: string; link: string }) => `${BRAND}: the link to your order ${p.number}: ${p.link}`,

  /** The order emails: the subject, and the greeting before the SMS's text, which is the body. */
  'order.placed.subject': (f: OrderFacts) => `Your order ${f.number} is reserved`,
  'order.ready.subject': (f: OrderFacts) =>
    f.coach
      ? `Your order ${f.number} is on the coach to ${f.coach.town}`
      : f.delivery
        ? `Your order ${f.number} is on its way to you`
        : `Your order ${f.number} is ready`,
  'order.reminder.subject': (f: OrderFacts) => `Your order ${f.number} is held for 6 more hours`,
  'order.expired.subject': (f: OrderFacts) => `Your order ${f.number} has expired`,
  'order.cancelled.subject': (f: OrderFacts) => `Your order ${f.number} was cancelled`,
  'order.refunded.subject': (f: OrderFacts) => `Your order ${f.number} was refunded`,
  'order.refund_by_hand.subject': (f: OrderFacts) => `How the refund for your order ${f.number} will be paid`,
  'order.refunded_elsewhere.subject': (f: OrderFacts) => `Your order ${f.number} was refunded`,
  /** `name`: the buyer's plain name, or '' (then no trailing space). */
  'order.greeting': (p: { name: string }) => `Hello ${p.name}`.trim(),

  /** The seller's SMS (decision 0056): our words, the reference, staff's reason and the link. */
  'seller.received': (p: SellerItem) =>
    `${BRAND}: we received your item ${p.reference}. Keep this link to follow it: ${p.link}`,
  'seller.offer': (p: SellerItem & { amount: number; expiresAt: string }) =>
    `${BRAND}: we offer ${formatMoney(p.amount)} for your item ${p.reference}. Accept or decline by ${formatDate(p.expiresAt)}: ${p.link}`,
  'seller.inventory': (p: SellerItem & { town: string | null }) =>
    `${BRAND}: thank you, your item ${p.reference} is now for sale${p.town ? ` in our ${p.town} shop` : ''}. Details: ${p.link}`,
  'seller.rejected': (p: SellerItem & { reason: string }) =>
    `${BRAND}: we cannot take your item ${p.reference} this time. ${p.reason} Details: ${p.link}`,
  'seller.paid': (p: PayoutFacts) =>
    `${BRAND}: we paid you ${formatMoney(p.amount)} for your item ${p.reference} ${p.wallet === null ? 'in cash at the counter' : `by ${p.wallet}`}${p.payment ? ` (ref ${p.payment})` : ''}. Thank you for selling with us!`,
  'seller.by_hand': (p: PayoutFacts) =>
    `${BRAND}: we cannot send ${formatMoney(p.amount)} for your item ${p.reference} to ${p.wallet}. We will call you to pay it by Airtel Money to a number you give, or in cash at the shop.`,

  /** A shop's answer to a transfer request, in the language the buyer asked in. */
  'transfer.accepted': (a: TransferAnswer) =>
    `${BRAND}: good news, ${a.item} is on its way to ${a.shop}, ${a.town}. You can order it there once it arrives.`,
  'transfer.declined': (a: TransferAnswer) =>
    `${BRAND}: sorry, we cannot bring ${a.item} to ${a.shop}, ${a.town}: ${a.reason}`,

  /** The buyer asked for a return or a warranty claim (decision 0099): the reference and what happens next; the shop's
   * name and address only when the buyer brings the item (the SMS stays within 2 parts). */
  'return.requested': (r: ReturnAskFacts) =>
    `${BRAND}: we have your ${r.kind === 'return' ? 'return' : 'warranty claim'} ${r.reference} for order ${r.number}. ${
      r.howBack === 'bring'
        ? `Bring the item to ${r.shop}.`
        : r.howBack === 'driver'
          ? `The shop will call you to arrange collection by our driver.`
          : `The shop will call you to arrange sending it back by coach.`
    } The shop checks it and tells you by SMS. ${r.link}`,

  /** The alert SMS's pieces (decision 0070), one per line: the head, up to 4 items, "and n more", the stop link. */
  'alert.head': () => `${BRAND} alert:`,
  'alert.drop': (t: PriceDrop) => `${t.name} now ${formatMoney(t.price)} (was ${formatMoney(t.was)}) ${t.url}`,
  'alert.back': (t: BackOnSale) => `${t.name} is on sale again, ${formatMoney(t.price)} ${t.url}`,
  'alert.new_one': (t: NewForSearch) => `New for "${t.query}": ${t.name} ${t.url}`,
  'alert.new_many': (t: NewForSearch) => `New for "${t.query}": ${t.count} items ${t.url}`,
  'alert.more': (p: { count: number }) => `and ${p.count} more`,
  'alert.stop': (p: { url: string }) => `Stop these alerts: ${p.url}`,

  /** The counter's steps of a return or warranty claim (decision 0099); the reason of a decline is staff's words. */
  'return.received': (f: ReturnFacts) =>
    `${BRAND}: we received ${f.item} for your request ${f.reference} (order ${f.number}). We will tell you what we decide. ${f.link}`,
  'return.in_repair': (f: ReturnFacts) =>
    `${BRAND}: ${f.item} of your request ${f.reference} has gone for repair. We will tell you when it is back. ${f.link}`,
  'return.repaired': (f: ReturnFacts) =>
    `${BRAND}: ${f.item} of your request ${f.reference} is repaired and ready to collect at ${f.shop}. ${f.link}`,
  'return.handed_over': (f: ReturnFacts) =>
    `${BRAND}: ${f.item} of your request ${f.reference} was handed back to you. Thank you for shopping with us. ${f.link}`,
  'return.declined': (f: ReturnFacts & { reason: string }) =>
    `${BRAND}: we cannot accept your request ${f.reference} for ${f.item}: ${f.reason} ${f.link}`,
  /** A return's outcome (decision 0099): the return's and order's references, the amount, the item (staff's words). */
  'return.refunded': (r: ReturnRefund) =>
    r.wallet === null
      ? `${BRAND}: return ${r.reference} (order ${r.number}): we refunded you ${formatMoney(r.amount)} in cash at the shop.`
      : `${BRAND}: return ${r.reference} (order ${r.number}): we are refunding you ${formatMoney(r.amount)} by ${r.wallet} to the number you paid from.`,
  'return.replaced': (r: ReturnReplaced) =>
    `${BRAND}: return ${r.reference} (order ${r.number}): your item is replaced by another ${r.item} at no charge. Collect it at ${r.shop}.`,

  /** A buyer's offer (decision 0103): sent to the shop, accepted (24 hours to order), countered, declined, ended. */
  'offer.made': (o: OfferFacts) =>
    `${BRAND}: your offer ${o.reference} of ${formatMoney(o.amount)} for ${o.item} went to the shop. We will tell you its answer by SMS. ${o.link}`,
  'offer.accepted': (o: OfferFacts) =>
    `${BRAND}: your offer ${o.reference} is accepted: ${o.item} for ${formatMoney(o.amount)}. Order it at that price within 24 hours: ${o.link}`,
  'offer.countered': (o: OfferFacts) =>
    `${BRAND}: the shop answers your offer ${o.reference} for ${o.item} with ${formatMoney(o.amount)}. Accept it within 48 hours: ${o.link}`,
  'offer.declined': (o: OfferFacts & { why: OfferDeclineWhy }) =>
    `${BRAND}: sorry, your offer ${o.reference} of ${formatMoney(o.amount)} for ${o.item} is declined: ${OFFER_WHY_EN[o.why]}. ${o.link}`,
  /** Told by the sweep and by a sale, which have no link key at hand: the reference and the item only. */
  'offer.expired': (o: Omit<OfferFacts, 'link' | 'amount'>) =>
    `${BRAND}: your offer ${o.reference} for ${o.item} has ended without an order. You can make a new one on the item's page.`,
  'offer.sold': (o: Omit<OfferFacts, 'link' | 'amount'>) =>
    `${BRAND}: sorry, ${o.item} was sold to another buyer, so your offer ${o.reference} has ended.`,
};

/** Every message's key and parameters: ny.ts is typed by it, so it must have them all, alike. */
export type Messages = typeof en;
