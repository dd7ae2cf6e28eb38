import type { PlacedOrder, PublicOrder } from '@marketplace/shared';
import { useState } from 'react';
import { RefusedNotice } from '../PrivateLinkPage';
import { fetchOrder } from '../../lib/order-api';
import { usePaymentUpdates } from './use-payment-updates';
import { OrderPayment } from './OrderPayment';

/**
 * A just-placed order's payment on the thank-you page, followed live as the order page follows it (the same card and
 * the same looks every few seconds): waiting for the PIN, then paid, or failed with "Try again" and "Pay at the shop".
 */
export function FollowedPayment({ order }: { order: PlacedOrder }) {
  const [current, setCurrent] = useState<PublicOrder>(order);
  /** The server's refusal of a step (paid meanwhile, the order ended), as it came. */
  const [notice, setNotice] = useState<string | null>(null);
  const moving = current.payment.status === 'pending' || current.payment.status === 'refunding';
  usePaymentUpdates(order.token, moving, setCurrent);
  return (
    <>
      <RefusedNotice text={notice} />
      <OrderPayment
        order={current}
        token={order.token}
        onChanged={(next) => {
          setNotice(null);
          setCurrent(next);
        }}
        onRefused={(message) => {
          setNotice(message);
          fetchOrder(order.token, new AbortController().signal).then(setCurrent, () => {});
        }}
      />
    </>
  );
}
