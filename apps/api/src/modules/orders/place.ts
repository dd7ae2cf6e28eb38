import type { Language, orderRequestSchema, PlacedOrder } from '@marketplace/shared';
import { COACH_TOWN_HAS_SHOP, formatMoney, PAYMENT_NOT_OFFERED, payNowProblem } from '@marketplace/shared';
import type { Insertable, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { Database, OrdersTable } from '../../db/schema.js';
import { recordAudit } from '../audit/index.js';
import { heldOf, imagesOf, inTransit, notOnSale, productsForOrder } from '../products/index.js';
import { HttpError } from '../../plugins/errors.js';
import { hashToken } from '../auth/index.js';
import { hashRequestId, newOrderNumber, newOrderToken, requestOrderToken } from './codes.js';
import { OrderConflict } from './conflict.js';
import type { OrderLinks } from './buyer-links.js';
import { tellBuyer } from './buyer-messages.js';
import { addEvent, findOrder, holdProducts, insertItems, insertOrder, ordersOfRequest } from './repository.js';
import { loadPublicOrder } from './service.js';
import { newCollectionCode } from './collection-code.js';
import { lockKeys } from '../../db/advisory-lock.js';
import { moveLockKeys } from '../stock-moves/index.js';
import { agreedOffer, markOfferOrdered } from '../offers/index.js';
import { codeUsedMeanwhile, proveBuyerPhone, type PhoneProof, signPhoneToken, useCode } from '../phone-proof/index.js';
import type { Payments } from '../payments/index.js';
import type { TransferRow } from '../ledger/index.js';
import {
  LAPSED_BLOCK_HOURS,
  TOO_MANY_HELD_BY_PHONE,
  TOO_MANY_HELD_FROM_NETWORK,
  type ReservationRules,
} from './limits.js';
import { heldItems, lapsedFor } from './repository/limits.js';

/** The checked request: phone normalised, ids and prices as numbers. */
export type PlaceOrderInput = z.output<typeof orderRequestSchema>;
type Product = Awaited<ReturnType<typeof productsForOrder>>[number];

const NUMBER_ATTEMPTS = 10;

/** Inserts the order under a fresh number, drawing again while the number is taken. */
export async function insertNumbered(
  trx: Transaction<Database>,
  values: (number: string) => Omit<Insertable<OrdersTable>, 'number'>,
  draw: () => string = newOrderNumber,
) {
  for (let attempt = 0; attempt < NUMBER_ATTEMPTS; attempt++) {
    const number = draw();
    const id = await insertOrder(trx, { ...values(number), number });
    if (id !== undefined) return { id, number };
  }
  // 31^5 (28 million) numbers: reaching this means the space is nearly full, not bad luck.
  throw new Error('No free order number after several attempts');
}

/** Basket items grouped by the shop that holds them, in basket order; items without a shop form one group. */
function byShop(items: PlaceOrderInput['items'], products: Map<number, Product>) {
  const groups = new Map<number | null, Product[]>();
  for (const item of items) {
    const product = products.get(item.product_id)!;
    const group = groups.get(product.shop_id) ?? [];
    group.push(product);
    groups.set(product.shop_id, group);
  }
  return [...groups.values()];
}

/** Where a coach parcel goes; nothing for other orders, whatever the form still held. */
function coachOf(input: PlaceOrderInput) {
  if (input.fulfilment !== 'coach') return {};
  return { coach_town: input.coach_town ?? null, coach_depot: input.coach_depot };
}

/** A coach parcel goes to a town without the item's shop: in the shop's own town the buyer collects or has it delivered. */
function refuseCoachToShopTown(input: PlaceOrderInput, products: Map<number, Product>) {
  if (input.fulfilment !== 'coach') return;
  for (const p of products.values())
    if (p.shop_town && p.shop_town.toLowerCase() === input.coach_town?.toLowerCase())
      throw new HttpError(400, COACH_TOWN_HAS_SHOP, { coach_town: COACH_TOWN_HAS_SHOP });
}

/** Who is placing the orders, and the rules their reservation is held to. */
export interface PlaceContext {
  rules: ReservationRules;
  proof: PhoneProof;
  /** The client's address group (plugins/address-group.ts). */
  group: string;
  /** Mobile money, when a gateway is configured. */
  payments?: Payments | undefined;
  /** The storefront's language at placement: the buyer's messages follow it (decision 0060). */
  language?: Language;
  /** The server's link key: the buyer is told of the order with a link made from it. */
  links?: OrderLinks | undefined;
}

export interface PlaceResult {
  orders: PlacedOrder[];
  phone_token?: string;
}

/**
 * Places one order per shop for the basket, in one transaction: the orders, their lines, their
 * history and the holds on their items are all stored, or none of them. Prices are the server's; a
 * product that is gone, sold, reserved, or whose price differs from what the buyer saw is a 409
 * naming it. Two buyers racing for one item: the hold's primary key lets exactly one through.
 * Reservations are capped per phone and per network, and need a proved phone where phones can be proved.
 */
export async function placeOrders(
  db: Db,
  input: PlaceOrderInput,
  now: Date,
  context: PlaceContext,
): Promise<PlaceResult> {
  const requestId = input.request_id;
  if (!requestId) return placeNew(db, input, now, context);
  // A retry of a request whose answer was lost on the way (slow 3G): the same orders again, not a 409
  // for the buyer's own reservation. Two copies racing: the loser's 409 finds the winner's orders.
  const earlier = await placedBefore(db, requestId);
  if (earlier) return answerAgain(earlier, input, now, context);
  try {
    return await placeNew(db, input, now, context);
  } catch (error) {
    // Whatever refused this copy (the items now held: 409; the phone's cap, counting the twin's items: 429; the
    // code the twin used: 403), the twin may have placed the orders: then they are this request's answer.
    const raced = error instanceof HttpError ? await placedBefore(db, requestId) : null;
    if (raced) return answerAgain(raced, input, now, context);
    throw error;
  }
}

/** The earlier answer to a request sent again, with a fresh phone token when its phone was proved. */
async function answerAgain(earlier: PlacedRow[], input: PlaceOrderInput, now: Date, context: PlaceContext) {
  const orders = sameRequest(earlier, input);
  const proved = earlier.every((o) => o.proved);
  return withToken(orders, { phone: input.phone, proved, now }, context);
}

async function withToken(
  orders: PlacedOrder[],
  { phone, proved, now }: { phone: string; proved: boolean; now: Date },
  context: PlaceContext,
): Promise<PlaceResult> {
  if (!proved || !context.proof.enabled) return { orders };
  return { orders, phone_token: signPhoneToken(await context.proof.key(), phone, now) };
}

export const REQUEST_REUSED = /*i18n*/ 'This order was already sent with other details. Reload the page and try again.';

/**
 * The orders a request_id placed, when this request is the same one again; a 422 when the id comes with
 * another basket or buyer (a client bug, or someone replaying an id to read the orders it made).
 */
type PlacedRow = PlacedOrder & { proved: boolean };

function sameRequest(earlier: PlacedRow[], input: PlaceOrderInput): PlacedOrder[] {
  const ids = new Set(input.items.map((i) => i.product_id));
  const lines = earlier.flatMap((order) => order.items);
  const same =
    lines.length === ids.size &&
    lines.every((line) => line.product_id === null || ids.has(line.product_id)) &&
    earlier.every(
      (order) =>
        order.phone === input.phone && order.buyer_name === input.buyer_name && order.fulfilment === input.fulfilment,
    );
  if (!same) throw new HttpError(422, REQUEST_REUSED);
  return earlier.map(({ proved: _proved, ...order }) => order);
}

async function placedBefore(db: Db, requestId: string): Promise<PlacedRow[] | null> {
  const rows = await ordersOfRequest(db.kysely, hashRequestId(requestId));
  if (rows.length === 0) return null;
  return Promise.all(
    rows.map(async (row) => ({
      ...(await loadPublicOrder(db.kysely, row)),
      token: requestOrderToken(requestId, row.number),
      proved: row.phone_proved === 1,
    })),
  );
}

/** A 429 whose message says what the buyer can do; `code` tells clients which cap it was. */
function capReached(message: string, code: string, limit: number): HttpError {
  return new HttpError(429, message, undefined, { code, limit });
}

/**
 * The caps and the 24-hour block, counted under a lock on the phone and the network so that requests racing
 * each other cannot all pass on the same count.
 */
async function checkLimits(trx: Transaction<Database>, db: Db, input: PlaceOrderInput, context: PlaceContext) {
  const { rules, group } = context;
  await lockKeys(trx, db.engine, [`holds-phone:${input.phone}`, `holds-group:${group}`]);
  const adding = input.items.length;
  if ((await heldItems(trx, { phone: input.phone })) + adding > rules.maxPerPhone)
    throw capReached(TOO_MANY_HELD_BY_PHONE, 'held_items_phone', rules.maxPerPhone);
  if ((await heldItems(trx, { group })) + adding > rules.maxPerAddress)
    throw capReached(TOO_MANY_HELD_FROM_NETWORK, 'held_items_address', rules.maxPerAddress);
}

async function placeNew(db: Db, input: PlaceOrderInput, now: Date, context: PlaceContext): Promise<PlaceResult> {
  const at = now.toISOString();
  const payNow = input.payment !== 'on_collection';
  const { payments } = context;
  if (payNow && !payments) throw new HttpError(422, PAYMENT_NOT_OFFERED, { payment: PAYMENT_NOT_OFFERED });
  const wrongNumber = payNowProblem(input.phone, input.payment);
  if (wrongNumber) throw new HttpError(422, wrongNumber, { payment: wrongNumber });
  // Paying now needs the phone proved too (decision 0083): a PIN prompt, and the hold, go only to a buyer's own phone.
  const { proved, codeId } = await proveBuyerPhone(db, context.proof, input, now);
  const holdMs =
    payNow && payments
      ? payments.holdMinutes * 60_000
      : (proved ? context.rules.hours : context.rules.unprovedHours) * 3_600_000;
  const expiresAt = new Date(now.getTime() + holdMs).toISOString();
  const ids = input.items.map((i) => i.product_id);
  const charges: TransferRow[] = [];
  const messaging = context.links ? { links: context.links, key: await context.links.key() } : undefined;

  const orders = await db.kysely.transaction().execute(async (trx) => {
    await checkLimits(trx, db, input, context);
    if (payNow && payments) await payments.refusePromptTooSoon(trx, db.engine, input.phone, now);
    const lapsedSince = new Date(now.getTime() - LAPSED_BLOCK_HOURS * 3_600_000).toISOString();
    const lapsed = await lapsedFor(trx, input.phone, ids, lapsedSince);
    const products = new Map((await productsForOrder(trx, ids)).map((p) => [p.id, p]));
    const held = await heldOf(trx, ids);
    // An accepted offer's token (decision 0103): its item's line is at the agreed price, for this buyer only.
    const offer = input.offer_token ? await agreedOffer(trx, input.offer_token, ids, now) : undefined;
    const priceOf = (p: Product) => (offer?.product_id === p.id ? offer.amount : Number(p.price));
    const conflict = new OrderConflict();
    for (const item of input.items) {
      const p = products.get(item.product_id);
      // An item that is not published is named by its number only: a refusal must not tell a stranger
      // the name of a draft or a withdrawn item.
      if (!p || p.published !== 1) conflict.unavailable(item.product_id, `Item #${item.product_id}`, 'unlisted');
      else if (p.sold === 1) conflict.unavailable(p.id, p.name, 'sold');
      else if (held.has(p.id)) conflict.unavailable(p.id, p.name, 'reserved');
      else if (p.transit_shop_id !== null) conflict.unavailable(p.id, p.name, 'moving');
      else if (lapsed.has(p.id)) conflict.unavailable(p.id, p.name, 'lapsed');
      else if (item.price !== undefined && item.price !== priceOf(p)) conflict.changed(p.id, p.name, priceOf(p));
    }
    conflict.check();
    refuseCoachToShopTown(input, products);

    const covers = await imagesOf(trx, ids);
    const placed: { id: number; token: string; products: Product[] }[] = [];
    for (const group of byShop(input.items, products)) {
      const subtotal = group.reduce((sum, p) => sum + priceOf(p), 0);
      const shopFee = group[0]!.shop_delivery_fee;
      const deliveryFee = input.fulfilment === 'delivery' && shopFee !== null ? Number(shopFee) : null;
      const total = subtotal + (deliveryFee ?? 0);
      let token = '';
      const { id, number } = await insertNumbered(trx, (candidate) => ({
        token_hash: hashToken(
          (token = input.request_id ? requestOrderToken(input.request_id, candidate) : newOrderToken()),
        ),
        request_key: input.request_id ? hashRequestId(input.request_id) : null,
        collection_code: newCollectionCode(),
        status: 'Placed',
        version: 1,
        shop_id: group[0]!.shop_id,
        buyer_name: input.buyer_name,
        phone: input.phone,
        email: input.email,
        fulfilment: input.fulfilment,
        // Collection needs no address: whatever the form still held is not kept.
        address: input.fulfilment === 'delivery' ? input.address : null,
        area: input.fulfilment === 'delivery' ? input.area : null,
        ...coachOf(input),
        subtotal,
        delivery_fee: deliveryFee,
        total,
        payment_method: null,
        payment_reference: null,
        expires_at: expiresAt,
        completed_at: null,
        created_at: at,
        updated_at: at,
        client_group: context.group,
        phone_proved: proved ? 1 : 0,
        payment: input.payment,
        payment_status: payNow ? 'pending' : 'not_required',
        language: context.language ?? 'en',
        // A pay-now order's buyer is told once it is paid or held unpaid (decision 0083).
        told_placed_at: payNow ? null : at,
      }));
      if (payNow && payments)
        charges.push(await payments.queueCharge(trx, { id, phone: input.phone, total }, input.payment, now));
      await insertItems(
        trx,
        group.map((p) => ({
          order_id: id,
          product_id: p.id,
          name: p.name,
          price: priceOf(p),
          image: covers.get(p.id)?.[0] ?? null,
          offer_id: offer?.product_id === p.id ? offer.id : null,
        })),
      );
      if (offer && group.some((p) => p.id === offer.product_id)) await markOfferOrdered(trx, offer, id, at);
      await addEvent(trx, {
        order_id: id,
        action: 'placed',
        from_status: null,
        to_status: 'Placed',
        reason: null,
        by: 'buyer',
        actor_id: null,
        created_at: at,
      });
      const count = group.length === 1 ? '1 item' : `${group.length} items`;
      await recordAudit(trx, {
        actorId: null,
        action: `Order ${number} placed: ${count}, ${formatMoney(total)}`,
        subjectType: 'order',
        subjectId: id,
        at,
      });
      placed.push({ id, token, products: group });
    }

    // The constraint decides races the checks above could not see: a product another buyer held
    // meanwhile is not held here, and the whole transaction rolls back.
    const holds = placed.flatMap((o) => o.products.map((p) => ({ product_id: p.id, order_id: o.id })));
    const got = await holdProducts(trx, holds, at);
    const lost = new OrderConflict();
    for (const p of products.values()) if (!got.has(p.id)) lost.unavailable(p.id, p.name, 'taken');
    lost.check();
    // Held now; an order completed just before our hold (sold, hold released) shows here.
    for (const id of await notOnSale(trx, ids)) lost.unavailable(id, products.get(id)!.name, 'sold');
    lost.check();
    // A move started meanwhile: the move takes this lock before it looks for holds (decision 0062).
    await lockKeys(trx, db.engine, moveLockKeys(ids));
    for (const id of await inTransit(trx, ids)) lost.unavailable(id, products.get(id)!.name, 'moving');
    lost.check();
    // Last: a refused order leaves the code usable for the corrected basket.
    if (codeId !== undefined && !(await useCode(trx, codeId, at))) throw codeUsedMeanwhile();
    // The buyer's SMS (and email), in this transaction: written exactly when the orders are; for pay-now, later.
    if (messaging && !payNow)
      for (const o of placed) await tellBuyer(trx, (await findOrder(trx, o.id))!, 'placed', { messaging, now });

    return placed;
  });
  // Committed: the order stands whatever the gateway says. Each charge puts a PIN prompt on the buyer's phone.
  if (payments) for (const charge of charges) await payments.sendCharge(charge, now);
  const answers = await Promise.all(
    orders.map(async (o) => ({
      ...(await loadPublicOrder(db.kysely, (await findOrder(db.kysely, o.id))!)),
      token: o.token,
    })),
  );
  return withToken(answers, { phone: input.phone, proved, now }, context);
}
