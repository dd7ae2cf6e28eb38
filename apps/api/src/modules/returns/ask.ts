import {
  RETURN_ALREADY_OPEN,
  RETURN_ITEM_NOT_IN_ORDER,
  RETURN_NOT_COMPLETED,
  type BuyerReturn,
  type OrderAfterSale,
  type returnRequestSchema,
} from '@marketplace/shared';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/database.js';
import { HttpError, isUniqueViolation } from '../../plugins/errors.js';
import { recordAudit } from '../audit/index.js';
import { storeImages, type NormalizedImage } from '../images/index.js';
import { BRAND, enqueueMessages, message } from '../notifications/index.js';
import { itemsForAfterSale, messageLink, orderOfToken, type OrderLinks, type OrderRow } from '../orders/index.js';
import {
  codeUsedMeanwhile,
  PHONE_CHECK_NEEDED,
  proveBuyerPhone,
  useCode,
  type PhoneProof,
} from '../phone-proof/index.js';
import { smsNumber } from '../seller-requests/index.js';
import { shopForOrder } from '../shops/index.js';
import {
  addReturnEvent,
  findBuyerReturn,
  insertReturn,
  linkReturnImages,
  openReturnOfItem,
  returnsOfOrder,
} from './repository.js';
import { whyNotAsk, windowsOf, type AfterSaleRules } from './windows.js';

// The buyer asks for a return or a warranty claim from the order page (issue 38 part 1, docs/decisions/0099).

export type ReturnAsk = z.output<typeof returnRequestSchema>;
type OrderItem = Awaited<ReturnType<typeof itemsForAfterSale>>[number];

/** What asking depends on besides the ask: the windows' settings, phone proof, the link key, the asker's network. */
export interface AskContext {
  rules: AfterSaleRules;
  proof: PhoneProof;
  links: OrderLinks;
  /** The client's address group (plugins/address-group.ts), kept on the request. */
  group: string;
  now: Date;
}

const windowsOfItem = (order: { completed_at: string }, item: OrderItem, rules: AfterSaleRules) =>
  windowsOf(
    order.completed_at,
    {
      warranty_days: item.warranty_days,
      condition: item.condition,
      category_keys: [item.category_key, item.parent_category_key],
    },
    rules,
  );

/** The after-sale part of a completed order's page: each item's windows and every request asked. */
export function afterSaleView(rules: AfterSaleRules) {
  return async (db: Executor, order: OrderRow): Promise<OrderAfterSale> => {
    const completedAt = order.completed_at ?? order.updated_at;
    const [items, returns] = await Promise.all([itemsForAfterSale(db, order.id), returnsOfOrder(db, order.id)]);
    return {
      completed_at: completedAt,
      items: items.map((item) => ({
        product_id: item.product_id,
        ...windowsOfItem({ completed_at: completedAt }, item, rules),
      })),
      returns,
    };
  };
}

const alreadyOpen = () => new HttpError(409, RETURN_ALREADY_OPEN);
export const RETURN_PHONE_CHECK_NEEDED = /*i18n*/ "Enter the 6-digit code we send by SMS to the order's phone.";

/** The order item asked about, if the order may be asked about at all. */
async function itemAskedAbout(db: Executor, order: OrderRow, productId: number) {
  if (order.status !== 'Completed' || order.completed_at === null) throw new HttpError(422, RETURN_NOT_COMPLETED);
  const item = (await itemsForAfterSale(db, order.id)).find((i) => i.product_id === productId);
  if (!item) throw new HttpError(422, RETURN_ITEM_NOT_IN_ORDER, { product_id: RETURN_ITEM_NOT_IN_ORDER });
  return { item, completedAt: order.completed_at };
}

/**
 * Records the ask as a request in status requested, with its photos and its first history row, and writes the
 * buyer's SMS, all in one transaction. Refused with a 422 on an order not completed, an item not in it, or after
 * the kind's window (the message names the day it ended; `code` and `ended_at` let the page say it in its own
 * language); with a 403 when phones are proved and the order's phone is not; with a 409 while one is open for the
 * item, even when two asks arrive at once (the partial unique index decides).
 */
export async function askReturn(
  db: Db,
  { token, ask, images }: { token: string; ask: ReturnAsk; images: readonly NormalizedImage[] },
  context: AskContext,
): Promise<BuyerReturn> {
  const { now } = context;
  const at = now.toISOString();
  const order = await orderOfToken(db.kysely, token);
  const { item, completedAt } = await itemAskedAbout(db.kysely, order, ask.product_id);
  const refusal = whyNotAsk(ask.kind, windowsOfItem({ completed_at: completedAt }, item, context.rules), now);
  if (refusal) throw new HttpError(422, refusal.message, undefined, { code: refusal.code, ended_at: refusal.ended_at });
  // Told before a code is judged: a request already open costs the buyer no try of their code.
  if (await openReturnOfItem(db.kysely, item.id)) throw alreadyOpen();
  // The order's phone, proved the checkout's way where phones are proved (decision 0035).
  const buyer = { phone: order.phone, phone_code: ask.phone_code, phone_token: ask.phone_token };
  const { codeId } = await proveBuyerPhone(db, context.proof, buyer, now).catch((error: unknown) => {
    // Checkout's words speak of reserving items: the same refusal, said of this order's phone.
    if (error instanceof HttpError && error.message === PHONE_CHECK_NEEDED)
      throw new HttpError(403, RETURN_PHONE_CHECK_NEEDED, undefined, error.extra);
    throw error;
  });
  const key = await context.links.key();
  // How a delivered or coach order's item comes back; a collected one is brought to the shop (null).
  const howBack = order.fulfilment === 'collect' ? null : (ask.how_back ?? null);

  let id: number;
  try {
    id = await db.kysely.transaction().execute(async (trx) => {
      if (await openReturnOfItem(trx, item.id)) throw alreadyOpen();
      const { id, reference } = await insertReturn(trx, {
        order_id: order.id,
        order_item_id: item.id,
        product_id: item.product_id,
        shop_id: order.shop_id,
        kind: ask.kind,
        reason: ask.reason,
        note: ask.note,
        how_back: howBack,
        status: 'requested',
        address_group: context.group,
        created_at: at,
        updated_at: at,
      });
      const stored = await storeImages(trx, images);
      await linkReturnImages(
        trx,
        id,
        stored.map((s) => s.id),
      );
      await addReturnEvent(trx, {
        return_id: id,
        from_status: null,
        to_status: 'requested',
        by: 'buyer',
        user_id: null,
        note: null,
        created_at: at,
      });
      const what = ask.kind === 'return' ? 'Return' : 'Warranty claim';
      await recordAudit(trx, {
        actorId: null,
        action: `${what} ${reference} asked on order ${order.number}: ${item.name}`,
        subjectType: 'return',
        subjectId: id,
        at,
      });
      // Last: a refused ask leaves the code usable.
      if (codeId !== undefined && !(await useCode(trx, codeId, at))) throw codeUsedMeanwhile();
      await tellBuyerAsked(trx, { order, id, reference, kind: ask.kind, howBack }, { links: context.links, key, now });
      return id;
    });
  } catch (error) {
    // Two asks at once: the partial unique index on the item's open request let one through.
    if (isUniqueViolation(error)) throw alreadyOpen();
    throw error;
  }
  return (await findBuyerReturn(db.kysely, id))!;
}

/** The buyer's SMS, in the order's language: the reference, and how the item reaches the shop. */
async function tellBuyerAsked(
  trx: Executor,
  asked: {
    order: OrderRow;
    id: number;
    reference: string;
    kind: ReturnAsk['kind'];
    howBack: ReturnAsk['how_back'] | null;
  },
  { links, key, now }: { links: OrderLinks; key: string; now: Date },
) {
  const { order } = asked;
  const phone = smsNumber(order.phone);
  if (!phone) return;
  const shop = order.shop_id === null ? undefined : await shopForOrder(trx, order.shop_id);
  const body = message(order.language, 'return.requested', {
    reference: asked.reference,
    number: order.number,
    kind: asked.kind,
    shop: shop ? `${shop.name}, ${shop.address}` : BRAND,
    howBack: asked.howBack ?? 'bring',
    link: await messageLink(trx, links, key, order),
  });
  await enqueueMessages(
    trx,
    [{ channel: 'sms', recipient: phone, body, subjectType: 'return', subjectId: asked.id }],
    now,
  );
}
