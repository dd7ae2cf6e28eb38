import {
  EXPIRABLE_ORDER_STATUSES,
  HELD_FOR_REVIEW,
  orderActionAllowed,
  orderActionLabel,
  orderStaffHint,
  orderStatusTone,
  STAFF_ORDER_ACTIONS,
  whyNotOrder,
  type AdminOrder,
  formatStaffTime,
} from '@marketplace/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from '../../lib/router';
import { RecordScreen } from '../components/RecordScreen';
import { TableSkeleton } from '../components/status';
import { Badge, buttonStyles, Card, wrapping } from '../components/ui';
import { usePageTitle } from '../use-page-title';
import { useRecord, useRecordActions } from '../use-record';
import { meQuery } from '../auth-api';
import { ORDER_ERRORS, orderKeys, orderQuery, type OrderDialogAction } from './api';
import { OrderActionDialog, type Draft, type RunOrderAction } from './OrderActionDialogs';
import { BuyerCard, FulfilmentCard, PaymentCard, refundFailed } from './OrderCards';
import { OrderHistory } from './OrderHistory';
import { OrderItemsTable } from './OrderItemsTable';

const BACK = '/admin/orders';

function successText(order: AdminOrder, action: OrderDialogAction): string {
  switch (action) {
    case 'refund':
      return 'Refund sent again.';
    case 'release-code-hold':
      return 'Order released: staff can try the collection code again.';
    case 'confirm':
      return 'Order confirmed.';
    case 'ready':
      return order.fulfilment === 'delivery'
        ? 'Order out for delivery.'
        : order.fulfilment === 'coach'
          ? 'Order sent by coach: the buyer gets the waybill number by SMS.'
          : 'Order marked ready for collection.';
    case 'complete':
      return 'Order completed.';
    case 'cancel':
      return 'Order cancelled.';
  }
}

/**
 * Order detail (docs/product.md#orders-screens): the buyer to call, what was ordered, the flow's actions and everything
 * that happened.
 */
export function OrderDetailPage() {
  const { id = '' } = useParams();
  const { record: order, changed, refetch } = useRecord(orderQuery(id), orderKeys.all);
  const number = order.data?.number;
  usePageTitle(number ? `Order ${number}` : 'Order');

  return (
    <RecordScreen
      title={number ? `Order ${number}` : 'Order'}
      back={{ to: BACK, label: 'Back to orders' }}
      resource={order}
      fallback={ORDER_ERRORS.one}
      notFound="Order not found."
      skeleton={<TableSkeleton rows={6} label="Loading the order…" />}
    >
      {(loaded) => <OrderDetail order={loaded} onChanged={changed} onStale={refetch} />}
    </RecordScreen>
  );
}

function OrderDetail({
  order,
  onChanged,
  onStale,
}: {
  order: AdminOrder;
  onChanged: (next: AdminOrder) => void;
  onStale: () => void;
}) {
  const [drafts, setDrafts] = useState<Partial<Record<OrderDialogAction, Draft>>>({});
  // Only an Admin may send a refund again or release a held order (the server says so too).
  const isAdmin = useQuery(meQuery()).data?.role === 'Admin';
  const {
    open,
    setOpen,
    busy,
    run: runAction,
  } = useRecordActions<OrderDialogAction, AdminOrder>({
    success: (action) => successText(order, action),
    fallback: (action) => ORDER_ERRORS[action],
    done: (action, updated) => {
      setDrafts((all) => ({ ...all, [action]: undefined }));
      onChanged(updated);
    },
    onStale,
  });
  // One primary button: the next step forward; Cancel order stays secondary.
  const next = STAFF_ORDER_ACTIONS.find((action) => action !== 'cancel' && orderActionAllowed(order, action));

  // What was typed in a refused dialog is kept for the next try.
  const run: RunOrderAction = async (action, call, draft) => {
    const error = await runAction(action, call);
    if (error && draft) setDrafts((all) => ({ ...all, [action]: draft }));
    return error;
  };

  const reserved = (EXPIRABLE_ORDER_STATUSES as readonly string[]).includes(order.status);
  return (
    <div className="space-y-5">
      <Card className="p-4">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-stone-700">
          <p>
            Status: <Badge tone={orderStatusTone(order.status)}>{order.status}</Badge>
          </p>
          <p>
            Placed <time dateTime={order.created_at}>{formatStaffTime(order.created_at)}</time>
          </p>
          {reserved && (
            <p>
              Reserved until <time dateTime={order.expires_at}>{formatStaffTime(order.expires_at)}</time>
            </p>
          )}
        </div>
        <p role="status" className="mt-3 text-sm font-medium text-stone-900 empty:hidden" data-testid="status-hint">
          {orderStaffHint(order)}
        </p>
        {order.held_for_review && (
          <div role="alert" className="mt-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            <p className="font-medium">{HELD_FOR_REVIEW}</p>
            {isAdmin && (
              <button
                type="button"
                className={`${buttonStyles.secondary} mt-2 min-h-11`}
                disabled={busy}
                onClick={() => setOpen('release-code-hold')}
              >
                Release the order
              </button>
            )}
          </div>
        )}
      </Card>

      <div className="grid gap-5 lg:grid-cols-2">
        <Card className="p-4">
          <h2 className="text-base font-semibold text-stone-900">Actions</h2>
          <div className="mt-3 grid grid-cols-2 gap-2">
            {STAFF_ORDER_ACTIONS.map((action) => (
              <button
                key={action}
                type="button"
                className={`${wrapping(action === next ? buttonStyles.primary : buttonStyles.secondary)} min-h-11`}
                disabled={busy || !orderActionAllowed(order, action)}
                title={whyNotOrder(order, action) ?? undefined}
                onClick={() => setOpen(action)}
              >
                {orderActionLabel(order, action)}
              </button>
            ))}
          </div>
        </Card>
        <BuyerCard order={order} />
        <FulfilmentCard order={order} />
        <PaymentCard
          order={order}
          retry={
            isAdmin &&
            refundFailed(order) && (
              <button
                type="button"
                className={`${buttonStyles.primary} mt-3 min-h-11`}
                disabled={busy}
                onClick={() => setOpen('refund')}
              >
                Retry refund
              </button>
            )
          }
        />
      </div>

      <div className="min-w-0">
        <h2 className="mb-2 text-base font-semibold text-stone-900">Items</h2>
        <OrderItemsTable order={order} />
      </div>
      <OrderHistory order={order} />
      {open && (
        <OrderActionDialog
          key={open}
          action={open}
          order={order}
          busy={busy}
          draft={drafts[open]}
          onCancel={() => setOpen(null)}
          run={run}
        />
      )}
    </div>
  );
}
