import {
  isMobileMoney,
  isOpenOrder,
  MOBILE_MONEY_LABELS,
  orderActionAllowed,
  orderBuyerText,
  type PublicOrder,
} from '@marketplace/shared';
import { formatMalawiPhone as formatPhone } from '@marketplace/shared';
import { useEffect, useRef } from 'react';
import { OrderLines } from '../../../components/OrderLines';
import { OrderNextSteps } from '../../../components/OrderNextSteps';
import { ShopContact } from '../../../components/ShopContact';
import { CollectionCode } from '../../../components/CollectionCode';
import { CancelOrder } from './CancelOrder';
import { OrderHistory } from './OrderHistory';
import { OrderPayment } from '../../../components/payment/OrderPayment';
import { StatusBadge } from './StatusBadge';
import { useI18n } from '../../../i18n/context';
import { shopHeading } from '../../../components/fulfilment-texts';
import { CoachDetails } from './CoachDetails';
import { AfterSale } from './AfterSale';
import { translateKnown } from '../../../i18n/labels';

interface OrderDetailsProps {
  order: PublicOrder;
  token: string;
  /** Set once the buyer cancelled here: focus goes to the new status. */
  justCancelled: boolean;
  onCancelled: (order: PublicOrder) => void;
  /** A payment step answered the order as it is now. */
  onChanged: (order: PublicOrder) => void;
  onRefused: (message: string) => void;
}

export function OrderDetails({ order, token, justCancelled, onCancelled, onChanged, onRefused }: OrderDetailsProps) {
  const i18n = useI18n();
  const status = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (justCancelled) status.current?.focus();
  }, [justCancelled]);
  const delivery = order.fulfilment === 'delivery';
  const { payment } = order;
  // A paid order is held until it is collected or delivered: it has no reservation to run out.
  const paid = payment.status === 'paid' || payment.status === 'refunding';
  const mobileMoney = isMobileMoney(payment.method) ? MOBILE_MONEY_LABELS[payment.method] : null;
  const card = 'card p-4 sm:p-5';
  const heading = 'mb-2 text-lg font-semibold text-stone-900';

  return (
    <div className="space-y-5">
      <header className={card}>
        <h1>
          <span className="block text-sm font-semibold text-stone-600">{i18n._('Order number')}</span>
          <span className="font-mono text-3xl font-extrabold tracking-widest text-stone-950" data-testid="order-number">
            {order.number}
          </span>
        </h1>
        <div ref={status} tabIndex={-1} className="mt-3 space-y-2 outline-none" data-testid="order-status">
          <StatusBadge status={order.status} />
          <p className="text-stone-800">
            {translateKnown(i18n, orderBuyerText({ ...order, paid: order.payment.status === 'paid' }))}
          </p>
        </div>
        {isOpenOrder(order.status) && order.collection_code && (
          <div className="mt-4">
            <CollectionCode code={order.collection_code} fulfilment={order.fulfilment} />
          </div>
        )}
        {/* On the coach, the status says what is left: collect it at the depot. */}
        {isOpenOrder(order.status) && order.status !== 'Sent' && (
          <div className="mt-4">
            <OrderNextSteps
              fulfilment={order.fulfilment}
              expiresAt={!paid && orderActionAllowed(order, 'expire') ? order.expires_at : null}
              payNow={mobileMoney !== null}
            />
          </div>
        )}
      </header>
      <OrderPayment order={order} token={token} onChanged={onChanged} onRefused={onRefused} />
      {order.shop && (
        <section aria-labelledby="order-shop-heading" className={card}>
          <h2 id="order-shop-heading" className={heading}>
            {shopHeading(i18n, order.fulfilment)}
          </h2>
          <ShopContact
            shop={order.shop}
            whatsappText={i18n._('Hello, about my order {number}', { number: order.number })}
          />
        </section>
      )}
      <section aria-labelledby="order-items-heading" className={card}>
        <h2 id="order-items-heading" className={heading}>
          {i18n._('Items')}
        </h2>
        <OrderLines order={order} />
      </section>
      {order.status === 'Completed' && order.after_sale && (
        <AfterSale
          order={order}
          afterSale={order.after_sale}
          token={token}
          onChanged={onChanged}
          onRefused={onRefused}
        />
      )}
      <section aria-labelledby="order-receive-heading" className={card}>
        <h2 id="order-receive-heading" className={heading}>
          {delivery
            ? i18n._('Delivery')
            : order.coach
              ? i18n._('By coach to {town}', { town: order.coach.town })
              : i18n._('Collection at the shop')}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-medium text-stone-900">{i18n._('Name')}</dt>
          <dd className="break-words">{order.buyer_name}</dd>
          <dt className="font-medium text-stone-900">{i18n._('Phone')}</dt>
          <dd>{formatPhone(order.phone)}</dd>
          {order.email && (
            <>
              <dt className="font-medium text-stone-900">{i18n._('Email')}</dt>
              <dd className="break-all">{order.email}</dd>
            </>
          )}
          {delivery && (
            <>
              <dt className="font-medium text-stone-900">{i18n._('Address')}</dt>
              <dd className="break-words">{[order.address, order.area].filter(Boolean).join(', ')}</dd>
            </>
          )}
          {order.coach && <CoachDetails coach={order.coach} />}
        </dl>
      </section>
      <section aria-labelledby="order-history-heading" className={card}>
        <h2 id="order-history-heading" className={heading}>
          {i18n._('History')}
        </h2>
        <OrderHistory events={order.history} />
      </section>
      {orderActionAllowed(order, 'buyerCancel') && (
        <section aria-labelledby="order-cancel-heading" className={card}>
          <h2 id="order-cancel-heading" className={heading}>
            {i18n._('Changed your mind?')}
          </h2>
          <p className="mb-3 text-sm text-stone-700">
            {i18n._('Cancel the order so the shop can offer the items to someone else.')}
          </p>
          <CancelOrder
            token={token}
            number={order.number}
            refund={paid && mobileMoney ? { amount: payment.amount, method: mobileMoney } : null}
            onCancelled={onCancelled}
            onRefused={onRefused}
          />
        </section>
      )}
    </div>
  );
}
