import type { PublicOrder } from '@marketplace/shared';
import { useEffect, useRef } from 'react';
import { fetchOrder } from '../../lib/order-api';

const EVERY_MS = 4000;

/**
 * While money is moving (a charge waiting for the PIN, a refund on its way) the order is asked for again every few
 * seconds, so the page turns Paid or Refunded by itself; never while the page is hidden, which on a phone also
 * spares data and battery. A failed look is simply tried again at the next tick.
 */
export function usePaymentUpdates(token: string, moving: boolean, onOrder: (order: PublicOrder) => void) {
  const onOrderRef = useRef(onOrder);
  useEffect(() => {
    onOrderRef.current = onOrder;
  });

  useEffect(() => {
    if (!moving) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setInterval> | undefined;
    const look = () =>
      void fetchOrder(token, controller.signal).then(
        (order) => onOrderRef.current(order),
        () => {},
      );
    const follow = () => {
      clearInterval(timer);
      timer = undefined;
      if (document.visibilityState === 'hidden') return;
      timer = setInterval(look, EVERY_MS);
    };
    // Coming back to the page looks at once: the buyer has probably just entered the PIN.
    const onVisibility = () => {
      if (document.visibilityState === 'visible') look();
      follow();
    };
    follow();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(timer);
      controller.abort();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [token, moving]);
}
