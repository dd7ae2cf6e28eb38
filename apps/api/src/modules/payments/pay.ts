import { isMobileMoney, isOpenOrder, PAYMENT_NOT_OFFERED, payNowProblem, type PublicOrder } from '@marketplace/shared';
import type { z } from 'zod';
import type { payOrderSchema } from '@marketplace/shared';
import type { Db } from '../../db/database.js';
import { HttpError } from '../../plugins/errors.js';
import type { OrderLinks, ReservationRules } from '../orders/index.js';
import {
  tellPlacedOnce,
  findOrder,
  movePayment,
  noteEvent,
  loadPublicOrder,
  ORDER_CHANGED_MEANWHILE,
  orderOfToken,
} from '../orders/index.js';
import { useCode, codeUsedMeanwhile, proveBuyerPhone, type PhoneProof } from '../phone-proof/index.js';
import { queueCharge, sendCharge } from './order-payment.js';
import { refusePromptTooSoon } from './pin-prompts.js';
import type { Payments } from './service.js';
import { chargeStatuses, type TransferRow } from '../ledger/index.js';

const ALREADY_PAID = /*i18n*/ 'This order is already paid.';
const CANNOT_PAY = /*i18n*/ 'This order can no longer be paid.';
const WAITING_FOR_PIN = /*i18n*/ 'A payment is already waiting for your PIN. Check your phone.';
export const TOO_MANY_ATTEMPTS = /*i18n*/ 'Too many payment attempts for this order. Pay at the shop instead.';
/**
 * Each attempt puts a PIN prompt on the order's phone and holds the items a little longer: three per order keep a
 * stranger from prompting someone else's phone, or holding items, without end.
 */
export const MAX_CHARGES_PER_ORDER = 3;

export interface PayContext {
  payments: Payments | undefined;
  proof: PhoneProof;
  rules: ReservationRules;
  /** The server's link key: a pay-now order turned into a reservation tells the buyer it is reserved (0083). */
  links?: OrderLinks | undefined;
}

type PayBody = z.output<typeof payOrderSchema>;

/**
 * The buyer's next step on the order page: a new mobile-money attempt ("Try again"), or paying at the shop instead,
 * which turns the order into an ordinary reservation and so needs the phone proved like any other.
 */
export async function payOrder(
  db: Db,
  context: PayContext,
  { token, body, now }: { token: string; body: PayBody; now: Date },
): Promise<PublicOrder> {
  const at = now.toISOString();
  const { payments } = context;
  let charge: TransferRow | undefined;
  const switching = !isMobileMoney(body.payment);
  if (!switching && !payments) throw new HttpError(422, PAYMENT_NOT_OFFERED, { payment: PAYMENT_NOT_OFFERED });
  const before = await orderOfToken(db.kysely, token);
  // Paying at the shop needs the phone proved like any reservation; so does a new PIN prompt (decision 0083): an
  // order placed before phones were proved for paying now, or while they were not, is proved on its first retry.
  const proof =
    before.phone_proved !== 1
      ? await proveBuyerPhone(db, context.proof, { ...body, phone: before.phone }, now)
      : undefined;
  const messaging = context.links ? { links: context.links, key: await context.links.key() } : undefined;

  const id = await db.kysely.transaction().execute(async (trx) => {
    const row = await orderOfToken(trx, token);
    if (!isOpenOrder(row.status)) throw new HttpError(409, CANNOT_PAY);
    if (row.payment_status === 'paid' || row.payment_status === 'refunding') throw new HttpError(409, ALREADY_PAID);
    const charges = await chargeStatuses(trx, row.id);
    const waiting =
      row.payment_status === 'pending' && charges.some((c) => c.status === 'pending' || c.status === 'starting');

    if (switching) {
      const proved = row.phone_proved === 1 || proof?.proved === true;
      const hours = proved ? context.rules.hours : context.rules.unprovedHours;
      const until = new Date(Date.parse(row.created_at) + hours * 3_600_000).toISOString();
      const set = {
        payment: 'on_collection',
        payment_status: 'not_required',
        phone_proved: proved ? 1 : 0,
        expires_at: until,
      };
      if (!(await movePayment(trx, { id: row.id, version: row.version, now: at, set })))
        throw new HttpError(409, ORDER_CHANGED_MEANWHILE);
      if (proof?.codeId !== undefined && !(await useCode(trx, proof.codeId, at))) throw codeUsedMeanwhile();
      await noteEvent(trx, row, { action: 'pay_at_shop', reason: null, by: 'buyer', at });
      await tellPlacedOnce(trx, (await findOrder(trx, row.id))!, messaging, now);
      return row.id;
    }

    const wrongNumber = payNowProblem(row.phone, body.payment);
    if (wrongNumber) throw new HttpError(422, wrongNumber, { payment: wrongNumber });
    if (waiting) throw new HttpError(409, WAITING_FOR_PIN);
    if (charges.length >= MAX_CHARGES_PER_ORDER) throw new HttpError(429, TOO_MANY_ATTEMPTS);
    await refusePromptTooSoon(trx, db.engine, row.phone, now);
    // A new attempt holds the items for the payment's window from now, never shorter than they were held.
    const window = new Date(now.getTime() + payments!.holdMinutes * 60_000).toISOString();
    const set = {
      payment: body.payment,
      payment_status: 'pending',
      expires_at: window > row.expires_at ? window : row.expires_at,
      ...(proof?.proved ? { phone_proved: 1 } : {}),
    };
    if (!(await movePayment(trx, { id: row.id, version: row.version, now: at, set })))
      throw new HttpError(409, ORDER_CHANGED_MEANWHILE);
    charge = await queueCharge(trx, { id: row.id, phone: row.phone, total: Number(row.total) }, body.payment, now);
    if (proof?.codeId !== undefined && !(await useCode(trx, proof.codeId, at))) throw codeUsedMeanwhile();
    await noteEvent(trx, row, { action: 'pay', reason: null, by: 'buyer', at });
    return row.id;
  });
  if (charge && payments) await sendCharge(payments, charge, now);
  return loadPublicOrder(db.kysely, (await findOrder(db.kysely, id))!);
}
