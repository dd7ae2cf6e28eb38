import { describe, expect, it } from 'vitest';
import {
  EXPIRABLE_ORDER_STATUSES,
  nextOrderStatus,
  OPEN_ORDER_STATUSES,
  ORDER_ACTIONS,
  ORDER_STATUSES,
  orderActionAllowed,
  orderActionLabel,
  orderBuyerText,
  orderStaffHint,
  orderStatusTone,
  whyNotOrder,
  type OrderAction,
  type OrderStatus,
} from './order-flow.js';

const at = (status: OrderStatus, fulfilment: 'collect' | 'delivery' = 'collect') => ({ status, fulfilment });

describe('order flow', () => {
  it('walks collection: Placed -> Confirmed -> Ready for collection -> Completed', () => {
    let order = at('Placed');
    for (const [action, to] of [
      ['confirm', 'Confirmed'],
      ['ready', 'Ready for collection'],
      ['complete', 'Completed'],
    ] as const) {
      expect(whyNotOrder(order, action)).toBeNull();
      order = { ...order, status: nextOrderStatus(order, action) };
      expect(order.status).toBe(to);
    }
  });

  it('sends a delivery order out for delivery instead of readying it at the counter', () => {
    expect(nextOrderStatus(at('Confirmed', 'delivery'), 'ready')).toBe('Out for delivery');
    expect(orderActionAllowed(at('Out for delivery', 'delivery'), 'complete')).toBe(true);
  });

  it('allows each action only from its own statuses', () => {
    const allowedFrom: Record<OrderAction, OrderStatus[]> = {
      confirm: ['Placed'],
      ready: ['Confirmed'],
      complete: ['Ready for collection', 'Out for delivery', 'Sent'],
      cancel: [...OPEN_ORDER_STATUSES],
      buyerCancel: OPEN_ORDER_STATUSES.filter((s) => s !== 'Sent'),
      expire: [...EXPIRABLE_ORDER_STATUSES],
    };
    for (const action of ORDER_ACTIONS) {
      for (const status of ORDER_STATUSES) {
        const ok = orderActionAllowed(at(status), action);
        expect([action, status, ok]).toEqual([action, status, allowedFrom[action].includes(status)]);
        if (!ok) expect(whyNotOrder(at(status), action)).toMatch(/\.$/);
      }
    }
  });

  it('never expires an order that is on its way to the buyer', () => {
    expect(whyNotOrder(at('Out for delivery', 'delivery'), 'expire')).toBe('The order is out for delivery.');
  });

  it('refuses everything on a finished order and on a status it does not know', () => {
    expect(whyNotOrder(at('Completed'), 'cancel')).toBe('The order is already completed.');
    expect(whyNotOrder(at('Expired'), 'buyerCancel')).toBe('The reservation has expired.');
    expect(whyNotOrder({ status: 'Lost', fulfilment: 'collect' }, 'confirm')).toBe('The order is in an unknown state.');
  });

  it('says in plain words where every status stands, for the buyer and for staff', () => {
    for (const status of ORDER_STATUSES) {
      expect(orderBuyerText(at(status))).not.toBe('');
      expect(orderStaffHint(at(status))).not.toBe('');
    }
  });

  it('does not ask a buyer who paid online to pay at the counter or on delivery', () => {
    expect(orderBuyerText({ ...at('Ready for collection'), paid: true })).toBe(
      'Your order is ready and paid. Collect it at the shop.',
    );
    expect(orderBuyerText({ status: 'Out for delivery', fulfilment: 'delivery', paid: true })).toBe(
      'Your order is paid and on its way.',
    );
    expect(orderBuyerText(at('Ready for collection'))).toContain('pay at the counter');
  });

  it('sends a coach order by coach: Sent after Confirmed, completed after, never expired while on the coach', () => {
    const coach = (status: string) => ({ status, fulfilment: 'coach' as const });
    expect(whyNotOrder(coach('Placed'), 'ready')).toBe('Confirm the order with the buyer first.');
    expect(nextOrderStatus(coach('Confirmed'), 'ready')).toBe('Sent');
    expect(orderActionLabel(coach('Confirmed'), 'ready')).toBe('Sent by coach');
    expect(whyNotOrder(coach('Confirmed'), 'complete')).toBe('Send the order by coach first.');
    expect(whyNotOrder(coach('Sent'), 'ready')).toBe('The order is already sent.');
    expect(whyNotOrder(coach('Sent'), 'complete')).toBeNull();
    expect(orderActionLabel(coach('Sent'), 'complete')).toBe('Completed (collected from the coach)');
    expect(whyNotOrder(coach('Sent'), 'expire')).toBe('The order is on the coach.');
    expect(whyNotOrder(coach('Confirmed'), 'expire')).toBeNull();
    expect(orderBuyerText(coach('Sent'))).toBe(
      'Your order is on the coach. Collect it at the depot with the waybill number.',
    );
    expect(orderBuyerText({ ...coach('Sent'), paid: true })).toBe('Your order is paid and on the coach.');
    expect(orderStatusTone('Sent')).toBe('blue');
  });
});
