import {
  formatMoney,
  isMobileMoney,
  isOpenOrder,
  MOBILE_MONEY_LABELS,
  mobileMoneyNetwork,
  PAYMENT_DECLINED,
  payNowProblem,
  PHONE_CODE_MESSAGE,
  type MobileMoney,
  type PayOrderRequest,
  type PublicOrder,
} from '@marketplace/shared';
import { useEffect, useId, useState } from 'react';
import { PhoneCodeStep } from '../PhoneCodeStep';
import { ApiError } from '../../lib/api-client';
import { needsPhoneCode, usePhoneCode } from '../../lib/phone-proofs';
import { payOrder } from '../../lib/order-api';
import { useI18n } from '../../i18n/context';
import { translateKnown } from '../../i18n/labels';

const OFFLINE = /*i18n*/ 'We could not reach the shop. Check your connection and try again.';

/** In English, shown through translateKnown (it may be the server's own message). */
function problemOf(error: unknown): string {
  if (error instanceof ApiError && error.status !== 0) return error.message;
  return OFFLINE;
}

/** The time a 429 "one PIN prompt per 10 minutes" names for the next prompt; null for any other failure. */
function promptRetryAt(error: unknown): Date | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const body = error.body as { code?: unknown; retry_at?: unknown } | null | undefined;
  if (body?.code !== 'pin_prompt_too_soon' || typeof body.retry_at !== 'string') return null;
  const at = new Date(body.retry_at);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** 14:05, as the phone's clock shows it. */
const clockTime = (at: Date) => at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });

interface OrderPaymentProps {
  order: PublicOrder;
  token: string;
  onChanged: (order: PublicOrder) => void;
  /** Someone acted first (paid meanwhile, the order ended): the page says why and loads the order again. */
  onRefused: (message: string) => void;
}

/** Where the mobile-money payment stands (docs/decisions/0052); nothing for an order paid at the shop. */
export function OrderPayment({ order, token, onChanged, onRefused }: OrderPaymentProps) {
  const i18n = useI18n();
  // Unique: the thank-you page shows one card per order placed.
  const headingId = useId();
  const { payment } = order;
  if (!isMobileMoney(payment.method) && payment.status === 'not_required') return null;
  const method = isMobileMoney(payment.method) ? MOBILE_MONEY_LABELS[payment.method] : '';
  const amount = formatMoney(payment.amount);

  let text: string;
  let detail: string | null = null;
  switch (payment.status) {
    case 'pending':
      text = i18n._('Check your phone and enter your PIN to pay {amount}', { amount });
      detail = i18n._('This page changes by itself once the payment arrives.');
      break;
    case 'paid':
      text = i18n._('Paid');
      detail = i18n._('{amount} paid with {method}', { amount, method });
      break;
    case 'failed':
      text = translateKnown(i18n, payment.message ?? PAYMENT_DECLINED);
      break;
    case 'refunding':
      text = i18n._('Refund on its way to your {method}', { method });
      detail = i18n._('{amount} goes back to the phone that paid.', { amount });
      break;
    case 'refunded':
      text = i18n._('Refunded');
      detail = i18n._('{amount} went back to your {method}', { amount, method });
      break;
    case 'not_required':
      return null;
  }
  const tone =
    payment.status === 'failed'
      ? 'border-red-300 bg-red-50 text-red-900'
      : payment.status === 'paid'
        ? 'border-green-300 bg-green-50 text-green-900'
        : 'border-teal-300 bg-teal-50 text-stone-900';
  return (
    <section aria-labelledby={headingId} className="card space-y-3 p-4 sm:p-5" data-testid="order-payment">
      <h2 id={headingId} className="text-lg font-semibold text-stone-900">
        {i18n._('Payment')}
      </h2>
      {/* A status region: a screen reader hears the payment turn Paid without moving. */}
      <div role="status" className={`space-y-1 rounded-md border p-3 ${tone}`}>
        <p className="font-semibold">{text}</p>
        {detail && <p className="text-sm">{detail}</p>}
      </div>
      {payment.status === 'failed' && isMobileMoney(payment.method) && isOpenOrder(order.status) && (
        <PayAgain order={order} method={payment.method} token={token} onChanged={onChanged} onRefused={onRefused} />
      )}
    </section>
  );
}

interface PayAgainProps extends OrderPaymentProps {
  method: MobileMoney;
}

/**
 * After a failed attempt: mobile money once more, by the network the order's number belongs to (docs/decisions/0081),
 * or paying at the shop (the phone proved first if need be). A number of neither network can only pay at the shop.
 */
function PayAgain({ order, method, token, onChanged, onRefused }: PayAgainProps) {
  const i18n = useI18n();
  const [busy, setBusy] = useState(false);
  const network = mobileMoneyNetwork(order.phone);
  const [problem, setProblem] = useState<string | null>(network ? null : payNowProblem(order.phone, method));
  const phone = usePhoneCode((error) => setProblem(problemOf(error)));
  /** When the phone may get its next PIN prompt (one per 10 minutes, decision 0083): "Try again" waits till then. */
  const [waitUntil, setWaitUntil] = useState<Date | null>(null);
  useEffect(() => {
    if (!waitUntil) return;
    const timer = setTimeout(() => setWaitUntil(null), Math.max(0, waitUntil.getTime() - Date.now()));
    return () => clearTimeout(timer);
  }, [waitUntil]);

  async function pay(body: PayOrderRequest) {
    setBusy(true);
    setProblem(null);
    try {
      onChanged(await payOrder(token, body));
      phone.codeUsed();
    } catch (error) {
      if (needsPhoneCode(error) && phone.codePhone !== order.phone) await phone.sendCode(order.phone);
      else if (error instanceof ApiError && error.status === 409) onRefused(error.message);
      else {
        const retryAt = promptRetryAt(error);
        if (retryAt) setWaitUntil(retryAt);
        setProblem(problemOf(error));
      }
    } finally {
      setBusy(false);
    }
  }

  /** With the phone's proof: an order placed before phones were proved for paying now is proved on its retry. */
  function payWith(payment: PayOrderRequest['payment']) {
    const proof = phone.proofFor(order.phone);
    if (proof) void pay({ payment, ...proof });
    else setProblem(PHONE_CODE_MESSAGE);
  }

  return (
    <div className="space-y-3">
      {phone.codePhone && (
        <PhoneCodeStep
          phone={phone.codePhone}
          code={phone.code}
          onCode={phone.setCode}
          onResend={() => void phone.sendCode(phone.codePhone!)}
          sending={phone.sending}
        />
      )}
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {translateKnown(i18n, problem)}
        </p>
      )}
      {waitUntil && (
        <p className="text-sm text-stone-700" data-testid="prompt-wait">
          {i18n._('You can try again at {time}.', { time: clockTime(waitUntil) })}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        {network && (
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy || waitUntil !== null}
            onClick={() => payWith(network)}
          >
            {i18n._('Try again')}
          </button>
        )}
        <button type="button" className="btn btn-outline" disabled={busy} onClick={() => payWith('on_collection')}>
          {i18n._('Pay at the shop instead')}
        </button>
      </div>
    </div>
  );
}
