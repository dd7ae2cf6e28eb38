import type { PlacedOrder } from '@marketplace/shared';
import { useEffect, useRef } from 'react';
import { Link } from '../../../lib/router';
import { OrderLines } from '../../../components/OrderLines';
import { OrderNextSteps } from '../../../components/OrderNextSteps';
import { CollectionCode } from '../../../components/CollectionCode';
import { ShopContact } from '../../../components/ShopContact';
import { useI18n } from '../../../i18n/context';
import { nextStepsHeading, shopHeading } from '../../../components/fulfilment-texts';
import { FollowedPayment } from '../../../components/payment/FollowedPayment';

/** After confirming: each order with its number to read out, its shop, what to bring and its private link. */
export function Confirmation({ orders, payNow }: { orders: readonly PlacedOrder[]; payNow: boolean }) {
  const i18n = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The form the buyer was in is gone: start them, and their screen reader, at the top of what replaced it.
    heading.current?.focus();
  }, []);
  const several = orders.length > 1;

  return (
    <section aria-labelledby="placed-heading" className="mx-auto max-w-2xl space-y-5">
      <div>
        <h1 id="placed-heading" ref={heading} tabIndex={-1} className="page-title outline-none">
          {several
            ? i18n._('Thank you! Your {count} orders are placed', { count: orders.length })
            : i18n._('Thank you! Your order is placed')}
        </h1>
        <p className="mt-2 text-stone-700">
          {payNow
            ? i18n._('Your items are held while you pay. This page follows the payment.')
            : several
              ? i18n._('Your items are reserved. Each shop calls you about its own order. Nothing to pay now.')
              : i18n._('Your items are reserved. The shop will call you to confirm. Nothing to pay now.')}
        </p>
      </div>
      <ol className="space-y-5">
        {orders.map((order) => {
          const link = `/order/${order.token}`;
          return (
            <li key={order.token}>
              <article
                aria-labelledby={`order-${order.token}`}
                className="card space-y-4 p-4 sm:p-5"
                data-testid="placed-order"
              >
                <h2 id={`order-${order.token}`}>
                  <span className="block text-sm font-semibold text-stone-600">{i18n._('Order number')}</span>
                  <span
                    className="font-mono text-3xl font-extrabold tracking-widest text-stone-950"
                    data-testid="order-number"
                  >
                    {order.number}
                  </span>
                </h2>
                {payNow && <FollowedPayment order={order} />}
                {order.collection_code && <CollectionCode code={order.collection_code} fulfilment={order.fulfilment} />}
                <OrderLines order={order} />
                {order.shop && (
                  <section aria-label={i18n._('Shop for order {number}', { number: order.number })}>
                    <h3 className="mb-1 font-semibold text-stone-900">{shopHeading(i18n, order.fulfilment)}</h3>
                    <ShopContact
                      shop={order.shop}
                      whatsappText={i18n._('Hello, about my order {number}', { number: order.number })}
                    />
                  </section>
                )}
                <section aria-label={i18n._('What to bring for order {number}', { number: order.number })}>
                  <h3 className="mb-1 font-semibold text-stone-900">{nextStepsHeading(i18n, order.fulfilment)}</h3>
                  <OrderNextSteps
                    fulfilment={order.fulfilment}
                    expiresAt={payNow ? null : order.expires_at}
                    payNow={payNow}
                  />
                </section>
                <p className="rounded-md bg-teal-50 p-3 text-sm">
                  <Link to={link} className="text-link">
                    {i18n._('Keep this link to follow your order')}
                    <span className="sr-only"> {order.number}</span>
                  </Link>
                  <span className="mt-1 block font-mono text-xs break-all text-stone-700">{`${window.location.origin}${link}`}</span>
                </p>
              </article>
            </li>
          );
        })}
      </ol>
      <Link to="/discover" className="btn btn-outline">
        {i18n._('Continue shopping')}
      </Link>
    </section>
  );
}
