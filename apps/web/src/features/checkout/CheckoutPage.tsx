import {
  EMPTY_BASKET,
  isMobileMoney,
  payNowProblem,
  PHONE_CODE_MESSAGE,
  type CheckoutForm as CheckoutOutput,
  type OrderPayment,
  type OrderRequest,
  type PlacedOrder,
} from '@marketplace/shared';
import { lazy, Suspense, useState } from 'react';
import { Link } from '../../lib/router';
import { EmptyState } from '../../components/EmptyState';
import { ApiError } from '../../lib/api-client';
import { canOrder, checkBasketItems, type CheckedItem } from '../../lib/basket-check';
import { removeFromBasket, setBasketPrices } from '../../lib/basket-store';
import { pageTitle } from '../../lib/brand';
import { Title } from '../../lib/head';
import { rememberOrders } from '../../lib/placed-orders';
import { useAsync } from '../../lib/use-async';
import { useBasket } from '../../lib/use-basket';
import { keepPhoneToken, needsPhoneCode, usePhoneCode, type PhoneProof } from '../../lib/phone-proofs';
import { PhoneCodeStep } from '../../components/PhoneCodeStep';
import { conflictOf, failureText, fetchPaymentOptions, placeOrder } from './api';
import { checkoutRequestId, clearDraft } from './checkout-draft';
import { checkoutLines, groupByShop, type CheckoutLine } from './checkout-lines';
import { CheckoutForm } from './components/CheckoutForm';
import { ConflictNotice, type ConflictReport } from './components/ConflictNotice';
import { OrderSummary } from './components/OrderSummary';
import { PaymentChoice, paymentFor } from './components/PaymentChoice';
import { useI18n } from '../../i18n/context';
import { translateKnown } from '../../i18n/labels';

const NO_CHECKS = new Map<number, CheckedItem>();

// The confirmation shows only once an order is placed: its code is fetched alongside the order (no extra wait on 3G)
// rather than with the form, which keeps the checkout's first screen within its budget.
const loadConfirmation = () => import('./components/Confirmation');
const Confirmation = lazy(() => loadConfirmation().then((m) => ({ default: m.Confirmation })));

function requestOf(
  values: CheckoutOutput,
  lines: readonly CheckoutLine[],
  proof: PhoneProof,
  payment: OrderPayment,
): OrderRequest {
  return {
    ...proof,
    payment,
    request_id: checkoutRequestId(),
    items: lines.map((line) => ({ product_id: line.id, price: line.price })),
    buyer_name: values.buyer_name,
    phone: values.phone,
    ...(values.email ? { email: values.email } : {}),
    fulfilment: values.fulfilment,
    ...(values.fulfilment === 'delivery' ? { address: values.address, area: values.area } : {}),
    ...(values.fulfilment === 'coach' ? { coach_town: values.coach_town, coach_depot: values.coach_depot } : {}),
  };
}

/** /checkout: the buyer's details and how to receive, then one order per shop holding the items. */
export function CheckoutPage() {
  const i18n = useI18n();
  const stored = useBasket();
  // The items are checked once, as the checkout opens; items the server later refuses leave the basket
  // and need no second look.
  const [checkIds] = useState(() => stored.map((item) => item.id));
  const checks = useAsync(`checkout:${checkIds.join(',')}`, (signal) =>
    checkIds.length ? checkBasketItems(checkIds, signal) : Promise.resolve(NO_CHECKS),
  );
  const [newPrices, setNewPrices] = useState<ReadonlyMap<number, number>>(() => new Map());
  const [placed, setPlaced] = useState<PlacedOrder[] | null>(null);
  const [conflict, setConflict] = useState<ConflictReport | null>(null);
  /** In English (ours or the server's): shown through translateKnown. */
  const [failure, setFailure] = useState<string | null>(null);
  const { codePhone, code, setCode, sending, sendCode, proofFor, codeUsed } = usePhoneCode((error) =>
    setFailure(failureText(error)),
  );
  // Paying now is offered once the server says which mobile money it takes; the form shows without waiting.
  const options = useAsync('payment-options', fetchPaymentOptions);
  const offered = options.status === 'success' ? options.data.mobile_money : [];
  const [chosen, setChosen] = useState<OrderPayment>('on_collection');
  /** The server's refusal of the payment choice (its field has no input of the form's own). */
  const [paymentRefused, setPaymentRefused] = useState<string | null>(null);
  const [paidNow, setPaidNow] = useState(false);
  function choose(next: OrderPayment) {
    setChosen(next);
    setPaymentRefused(null);
  }

  const lines = checkoutLines(stored, checks.status === 'success' ? checks.data : NO_CHECKS, newPrices);
  const orderable = lines.filter((line) => canOrder(line.availability));
  const excluded = lines.filter((line) => !canOrder(line.availability));
  const groups = groupByShop(orderable);

  async function explainConflict(error: unknown): Promise<boolean> {
    const found = conflictOf(error);
    if (!found || (found.unavailable.length === 0 && found.changed.length === 0)) return false;
    const byId = new Map(lines.map((line) => [line.id, line]));
    // The answer says which items are gone, not why: one more look tells "reserved" and "moving" from "sold".
    const again = await checkBasketItems(found.unavailable, new AbortController().signal).catch(() => NO_CHECKS);
    const taken = found.unavailable.flatMap((id) => {
      const line = byId.get(id);
      if (!line) return [];
      const now = again.get(id);
      const why: ConflictReport['taken'][number]['why'] =
        now?.availability === 'reserved' || now?.availability === 'moving' ? now.availability : 'gone';
      return [{ id, name: line.name, why, town: now?.product?.transit_town ?? null }];
    });
    const changed = found.changed.flatMap(({ product_id, price }) => {
      const line = byId.get(product_id);
      return line && !found.unavailable.includes(product_id)
        ? [{ id: product_id, name: line.name, from: line.price, to: price }]
        : [];
    });
    const prices = new Map(found.changed.map((c) => [c.product_id, c.price]));
    setNewPrices((before) => new Map([...before, ...prices]));
    setConflict({ taken, changed, rest: orderable.some((line) => !found.unavailable.includes(line.id)) });
    setBasketPrices(prices);
    removeFromBasket(found.unavailable);
    return true;
  }

  async function place(values: CheckoutOutput): Promise<Record<string, string> | void> {
    setFailure(null);
    setConflict(null);
    const payment = paymentFor(chosen, offered, values.phone);
    const payNow = isMobileMoney(payment);
    // The payment field already says why this number cannot pay so (docs/decisions/0081).
    if (payNowProblem(values.phone, payment)) {
      setFailure(/*i18n*/ 'Please correct the marked fields.');
      return;
    }
    // Paying now needs the phone proved too where phones are proved (decision 0083): the PIN prompt goes to it.
    const proof = proofFor(values.phone);
    if (!proof) {
      setFailure(PHONE_CODE_MESSAGE);
      return;
    }
    try {
      // A confirmation chunk that fails to arrive fails the render, not the placed order.
      const [{ orders, phoneToken }] = await Promise.all([
        placeOrder(requestOf(values, orderable, proof, payment)),
        loadConfirmation().catch(() => undefined),
      ]);
      if (phoneToken) keepPhoneToken(values.phone, phoneToken);
      codeUsed();
      setPaidNow(payNow);
      setPlaced(orders);
      rememberOrders(
        orders.map((order) => ({
          number: order.number,
          token: order.token,
          shop_name: order.shop?.name ?? null,
          created_at: order.created_at,
        })),
      );
      clearDraft();
      // What the orders hold (a retried request answers with the orders it placed before).
      removeFromBasket(
        orders.flatMap((order) => order.items.flatMap((item) => (item.product_id === null ? [] : [item.product_id]))),
      );
    } catch (error) {
      if (await explainConflict(error)) return;
      // The first time (or for another number): a code goes to the phone and the form waits for it.
      if (needsPhoneCode(error) && codePhone !== values.phone) return sendCode(values.phone);
      if (needsPhoneCode(error)) {
        setFailure(failureText(error));
        return;
      }
      console.error('Checkout: the order was not placed', error);
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      if (fields.payment) setPaymentRefused(fields.payment);
      setFailure(Object.keys(fields).length ? /*i18n*/ 'Please correct the marked fields.' : failureText(error));
      return fields;
    }
  }

  if (placed) {
    return (
      <>
        <Title>{pageTitle(i18n._('Order placed'))}</Title>
        <Suspense fallback={null}>
          <Confirmation orders={placed} payNow={paidNow} />
        </Suspense>
      </>
    );
  }

  const title = (
    <>
      <Title>{pageTitle(i18n._('Checkout'))}</Title>
      <h1 className="page-title">{i18n._('Checkout')}</h1>
    </>
  );
  if (lines.length === 0) {
    return (
      <section className="mx-auto max-w-2xl space-y-4">
        {title}
        {conflict && <ConflictNotice report={conflict} />}
        <EmptyState
          title={i18n._(EMPTY_BASKET)}
          message={i18n._('Add the items you want to your basket, then place your order.')}
        />
        <div className="flex flex-wrap gap-3">
          <Link to="/basket" className="btn btn-outline">
            {i18n._('Back to your basket')}
          </Link>
          <Link to="/discover" className="btn btn-primary">
            {i18n._('Browse items')}
          </Link>
        </div>
      </section>
    );
  }

  const shopCount = groups.length;
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        {title}
        <Link to="/basket" className="text-link inline-flex min-h-11 items-center">
          {i18n._('Back to your basket')}
        </Link>
      </div>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="lg:col-start-2 lg:row-start-1">
          <OrderSummary groups={groups} excluded={excluded} checking={checks.status === 'loading'} />
        </div>
        <div className="lg:col-start-1 lg:row-start-1">
          <CheckoutForm
            groups={groups}
            onPlace={place}
            canSubmit={orderable.length > 0}
            submitLabel={
              conflict?.taken.length && conflict.rest
                ? i18n._('Continue with the other items')
                : i18n._('Confirm order')
            }
            beforeSubmit={(phone) => {
              const payNow = isMobileMoney(paymentFor(chosen, offered, phone));
              return (
                <>
                  {offered.length > 0 && (
                    <PaymentChoice
                      offered={offered}
                      value={paymentFor(chosen, offered, phone)}
                      onChange={choose}
                      phone={phone}
                      refused={paymentRefused}
                    />
                  )}
                  {conflict && <ConflictNotice report={conflict} />}
                  {codePhone && (
                    <PhoneCodeStep
                      phone={codePhone}
                      code={code}
                      onCode={setCode}
                      onResend={() => void sendCode(codePhone)}
                      sending={sending}
                    />
                  )}
                  {failure && (
                    <p
                      role="alert"
                      className="rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800"
                    >
                      {translateKnown(i18n, failure)}
                    </p>
                  )}
                  {shopCount > 1 && (
                    <p className="rounded-md bg-teal-50 p-3 text-sm text-stone-900" data-testid="shops-note">
                      {i18n._(
                        'Your items are in {count} shops, so this becomes {count} orders, one per shop. Each shop calls you about its own order.',
                        { count: shopCount },
                      )}
                    </p>
                  )}
                  {orderable.length === 0 && (
                    <p className="text-sm text-stone-700">
                      {i18n._('None of the items in your basket can be ordered now.')}
                    </p>
                  )}
                  {!payNow && (
                    <p className="text-sm text-stone-700">
                      {i18n._('Nothing to pay now. The shop holds your items for you.')}
                    </p>
                  )}
                </>
              );
            }}
          />
        </div>
      </div>
    </div>
  );
}
