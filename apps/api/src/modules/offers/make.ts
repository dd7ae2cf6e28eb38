import {
  AGREED_PRICE_HOURS,
  OFFER_ALREADY_OPEN,
  OFFER_AT_PRICE,
  OFFER_NOT_ON_SALE,
  OFFER_NOTE_MAX,
  OFFER_TOO_MANY,
  OFFERS_PER_PHONE,
  formatMoney,
  offerMinimum,
  offerTooLowText,
  type Language,
  type OfferDeclineReason,
  type OfferStatus,
  type makeOfferSchema,
} from '@marketplace/shared';
import type { z } from 'zod';
import { lockKeys } from '../../db/advisory-lock.js';
import type { Db, Executor } from '../../db/database.js';
import { HttpError, isUniqueViolation } from '../../plugins/errors.js';
import { recordAudit } from '../audit/index.js';
import { plainText } from '../notifications/index.js';
import {
  codeUsedMeanwhile,
  PHONE_CHECK_NEEDED,
  proveBuyerPhone,
  useCode,
  type PhoneProof,
} from '../phone-proof/index.js';
import { productForOffer, type ProductForOffer } from '../products/index.js';
import { offerSecret, type OfferLinks } from './links.js';
import { tellOfferBuyer } from './news.js';
import { countLiveOffers, findOffer, insertOffer, liveOfferOn } from './repository.js';
import { toBuyerOffer } from './views.js';

// A buyer makes an offer on a listed item (issue 40 part 1, docs/decisions/0103).

export type OfferAsk = z.output<typeof makeOfferSchema>;
export const OFFER_PHONE_CHECK_NEEDED =
  /*i18n*/ 'Enter the 6-digit code we send by SMS to your phone to make an offer.';
const PRODUCT_NOT_FOUND = 'Product not found';
const HOUR = 3_600_000;

/** What making an offer depends on besides the offer: phone proof, the link key, the hours, the client. */
export interface MakeContext {
  proof: PhoneProof;
  links: OfferLinks;
  /** OFFER_HOURS: an open offer lapses unanswered after this. */
  offerHours: number;
  /** The client's address group (plugins/address-group.ts), kept on the offer. */
  group: string;
  language: Language;
  now: Date;
}

/** The offer's first status, by the item's staff-only prices: declined under the floor, accepted at accept_price. */
function firstAnswer(product: ProductForOffer, amount: number, now: Date, offerHours: number) {
  const at = now.getTime();
  if (product.floor_price !== null && amount < product.floor_price)
    return { status: 'declined' as OfferStatus, decline_reason: 'below_floor' as OfferDeclineReason };
  if (product.accept_price !== null && amount >= product.accept_price) {
    const until = new Date(at + AGREED_PRICE_HOURS * HOUR).toISOString();
    return { status: 'accepted' as OfferStatus, agreed_amount: amount, agreed_until: until, expires_at: until };
  }
  return { status: 'open' as OfferStatus, expires_at: new Date(at + offerHours * HOUR).toISOString() };
}

/** The refusals told before a code is judged (they cost the buyer no try of their code), and again under the lock. */
async function refuseCaps(db: Executor, productId: number, phone: string) {
  if (await liveOfferOn(db, productId, phone)) throw new HttpError(409, OFFER_ALREADY_OPEN);
  if ((await countLiveOffers(db, phone)) >= OFFERS_PER_PHONE)
    throw new HttpError(409, OFFER_TOO_MANY, undefined, { code: 'offers_phone', limit: OFFERS_PER_PHONE });
}

/** The item's price decides which amounts are offers at all: at least half, less than the price. */
function refuseAmount(product: ProductForOffer, amount: number) {
  if (amount >= product.price) throw new HttpError(422, OFFER_AT_PRICE, { amount: OFFER_AT_PRICE });
  const minimum = offerMinimum(product.price);
  if (amount < minimum) {
    const text = offerTooLowText(minimum);
    throw new HttpError(422, text, { amount: text }, { code: 'offer_too_low', minimum });
  }
}

/**
 * Records the offer and writes the buyer's SMS with its private link, in one transaction, and answers it with its
 * token (given this once). Refused: 404 for no such item; 409 on an item sold, held, moving or not on sale, for a
 * second live offer of the phone on the item (even two at once: the partial unique index decides) or a sixth live
 * one; 422 for an amount at the price or under half of it; 403 phone_unverified where phones are proved and this one
 * is not. Under the item's floor price it is declined at once, at its accept price accepted at once (still a 201).
 */
export async function makeOffer(db: Db, productId: number, ask: OfferAsk, context: MakeContext) {
  const { now } = context;
  const at = now.toISOString();
  const product = await productForOffer(db.kysely, productId);
  if (!product) throw new HttpError(404, PRODUCT_NOT_FOUND);
  if (!product.onSale) throw new HttpError(409, OFFER_NOT_ON_SALE);
  refuseAmount(product, ask.amount);
  await refuseCaps(db.kysely, productId, ask.phone);
  const buyer = { phone: ask.phone, phone_code: ask.phone_code, phone_token: ask.phone_token };
  const { codeId } = await proveBuyerPhone(db, context.proof, buyer, now).catch((error: unknown) => {
    // Checkout's words speak of reserving items: the same refusal, said of an offer.
    if (error instanceof HttpError && error.message === PHONE_CHECK_NEEDED)
      throw new HttpError(403, OFFER_PHONE_CHECK_NEEDED, undefined, error.extra);
    throw error;
  });
  const key = await context.links.key();
  const answer = firstAnswer(product, ask.amount, now, context.offerHours);
  const note = ask.note === null ? '' : plainText(ask.note, OFFER_NOTE_MAX);

  try {
    const { id, token } = await db.kysely.transaction().execute(async (trx) => {
      await lockKeys(trx, db.engine, [`offers-phone:${ask.phone}`]);
      await refuseCaps(trx, productId, ask.phone);
      let token = '';
      const { id, reference } = await insertOffer(
        trx,
        {
          product_id: productId,
          shop_id: product.shop_id,
          list_price: product.price,
          amount: ask.amount,
          buyer_name: ask.buyer_name,
          phone: ask.phone,
          language: context.language,
          note: note || null,
          address_group: context.group,
          created_at: at,
          updated_at: at,
          ...answer,
        },
        (reference) => {
          const secret = offerSecret(context.links, key, reference);
          token = secret.token;
          return secret.hash;
        },
      );
      const outcome = answer.status === 'open' ? '' : ` (${answer.status} at once)`;
      await recordAudit(trx, {
        actorId: null,
        action: `Offer ${reference} of ${formatMoney(ask.amount)} on ${product.name}${outcome}`,
        subjectType: 'offer',
        subjectId: id,
        at,
      });
      // Last: a refused offer leaves the code usable.
      if (codeId !== undefined && !(await useCode(trx, codeId, at))) throw codeUsedMeanwhile();
      const row = (await findOffer(trx, id))!;
      const what = answer.status === 'open' ? 'made' : answer.status === 'accepted' ? 'accepted' : 'declined';
      await tellOfferBuyer(
        trx,
        row,
        { what, amount: ask.amount, why: row.decline_reason },
        { messaging: { links: context.links, key }, now },
      );
      return { id, token };
    });
    return { ...toBuyerOffer((await findOffer(db.kysely, id))!), token };
  } catch (error) {
    // Two offers at once from one phone on one item: the partial unique index let one through.
    if (isUniqueViolation(error)) throw new HttpError(409, OFFER_ALREADY_OPEN);
    throw error;
  }
}
