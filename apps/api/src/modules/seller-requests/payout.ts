import {
  formatMoney,
  isMalawiMobile,
  mobileMoneyNetwork,
  PAYOUT_NOT_A_WALLET,
  PAYOUT_NOT_OFFERED,
  PAYOUT_WRONG_NETWORK,
  PAYOUT_ON_ITS_WAY,
  SELLER_ALREADY_PAID,
  SELLER_PAYOUT_LABELS,
  type paySellerSchema,
  type SellerPayout,
  type SellerPayoutMethod,
} from '@marketplace/shared';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/database.js';
import { HttpError, isUniqueViolation } from '../../plugins/errors.js';
import { recordAudit } from '../audit/index.js';
import type { SessionUser } from '../auth/index.js';
import {
  recordMovement,
  insertTransfer,
  livePayout,
  networkOverride,
  newestPayout,
  type NewTransfer,
} from '../ledger/index.js';
import { stockOfSellerRequest } from '../products/index.js';
import type { Payments } from '../payments/index.js';
import { smsNumber } from './codes.js';
import { tellSellerPaid } from './payout-message.js';
import { findRequest } from './repository.js';
import { REQUEST_NOT_FOUND } from './views.js';

export const NOT_IN_STOCK = 'Cannot pay the seller: the item is not in stock yet.';
const NO_MOBILE_NUMBER = "The seller's phone is not a Malawi mobile number: pay in cash at the counter.";

/** Where paying the seller stands; `forStaff` adds who paid. */
export async function payoutOf(db: Executor, requestId: number, forStaff: boolean): Promise<SellerPayout> {
  const [payout, stock] = await Promise.all([newestPayout(db, requestId), stockOfSellerRequest(db, requestId)]);
  const buying = stock?.buying_price;
  const view: SellerPayout = payout
    ? {
        // Waiting for the gateway or for an Admin to pay by hand (decision 0079): on its way, either way.
        status: payout.status === 'starting' || payout.status === 'manual' ? 'pending' : payout.status,
        method: payout.method as SellerPayoutMethod,
        amount: Number(payout.amount),
        reference: payout.reference,
        paid_at: payout.status === 'paid' ? payout.settled_at : null,
      }
    : {
        status: 'not_paid',
        method: null,
        amount: buying === null || buying === undefined ? null : Number(buying),
        reference: null,
        paid_at: null,
      };
  if (!forStaff) return view;
  return { ...view, paid_by: payout?.paid_by ?? null, ...(payout?.status === 'manual' ? { by_hand: true } : {}) };
}

type PayBody = z.output<typeof paySellerSchema>;

async function refuseIfPaying(db: Executor, requestId: number) {
  const live = await livePayout(db, requestId);
  if (live) throw new HttpError(409, live.status === 'paid' ? SELLER_ALREADY_PAID : PAYOUT_ON_ITS_WAY);
}

/**
 * Pays the seller the buying price: cash is paid at once (transfer and ledger row in one transaction); mobile money
 * is written `starting` and sent after the commit, the ledger row following when the gateway confirms it. The unique
 * index on live payouts decides between two staff paying at once: the loser is told what the winner did.
 */
export async function paySeller(
  db: Db,
  payments: Payments | undefined,
  { actor, requestId, body, clock }: { actor: SessionUser; requestId: number; body: PayBody; clock: () => Date },
): Promise<void> {
  const cash = body.method === 'cash';
  if (!cash && !payments) throw new HttpError(422, PAYOUT_NOT_OFFERED, { method: PAYOUT_NOT_OFFERED });
  const now = clock();
  const at = now.toISOString();
  try {
    await db.kysely.transaction().execute(async (trx) => {
      const row = await findRequest(trx, requestId);
      if (!row) throw new HttpError(404, REQUEST_NOT_FOUND);
      const stock = await stockOfSellerRequest(trx, requestId);
      if (!stock || stock.buying_price === null) throw new HttpError(409, NOT_IN_STOCK);
      await refuseIfPaying(trx, requestId);
      const mobile = cash ? null : smsNumber(row.phone);
      if (!cash && !isMalawiMobile(mobile)) throw new HttpError(422, NO_MOBILE_NUMBER, { method: NO_MOBILE_NUMBER });
      const amount = Number(stock.buying_price);
      const values: NewTransfer = {
        kind: 'seller_payout',
        seller_request_id: requestId,
        method: body.method,
        mobile,
        amount,
        status: cash ? 'paid' : 'starting',
        reference: body.reference,
        staff_id: actor.id,
        network_override: body.ported ? 1 : 0,
        // Due at once: the nudge below (or the next poll) sends it.
        check_at: cash ? null : at,
        created_at: at,
        settled_at: cash ? at : null,
      };
      if ((await networkOverride(trx, values)) === null) {
        const network = mobileMoneyNetwork(mobile);
        const message = network ? PAYOUT_WRONG_NETWORK[network] : PAYOUT_NOT_A_WALLET;
        throw new HttpError(422, message, { method: message });
      }
      const payout = await insertTransfer(trx, values);
      if (body.ported && payout.network_override === 1 && mobileMoneyNetwork(mobile) !== body.method)
        await recordAudit(trx, {
          actorId: actor.id,
          action: `Seller request ${row.reference}: ${mobile} paid by ${SELLER_PAYOUT_LABELS[body.method]} as a ported number`,
          subjectType: 'seller_request',
          subjectId: requestId,
          at,
        });
      const how = SELLER_PAYOUT_LABELS[body.method];
      await recordAudit(trx, {
        actorId: actor.id,
        action: `Seller request ${row.reference}: ${cash ? 'paid' : 'payout sent'}, ${formatMoney(amount)} (${how})`,
        subjectType: 'seller_request',
        subjectId: requestId,
        at,
        ...(body.reference ? { detail: `Reference ${body.reference}` } : {}),
      });
      if (!cash) return;
      await recordMovement(
        trx,
        {
          kind: 'seller_payout',
          direction: 'out',
          method: 'cash',
          amount,
          reference: body.reference,
          sellerRequestId: requestId,
          subjectNumber: row.reference,
          shopId: stock.shop_id,
          staffId: actor.id,
        },
        now,
      );
      await tellSellerPaid(trx, payout, now);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another staff member's payout got in first: say what it was.
    await refuseIfPaying(db.kysely, requestId);
    throw error;
  }
  if (!cash) payments!.nudge(clock);
}
