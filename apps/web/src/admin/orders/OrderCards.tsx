import {
  formatMalawiPhone,
  formatMoney,
  isMalawiMobile,
  isMobileMoney,
  MOBILE_MONEY_LABELS,
  PAYMENT_METHOD_LABELS,
  telLink,
  whatsappLink,
  type AdminOrder,
  type MoneyTransfer,
  type PaymentStatus,
  formatStaffTime,
} from '@marketplace/shared';
import type { ReactNode } from 'react';
import { BRAND } from '../../lib/brand';
import { CardTitle, Details } from '../components/details';
import { Badge, buttonStyles, Card, type BadgeTone } from '../components/ui';

/** Who bought: one tap to call, WhatsApp when the number is a mobile, the email when given. */
export function BuyerCard({ order }: { order: AdminOrder }) {
  const firstName = order.buyer_name.trim().split(/\s+/)[0] || order.buyer_name;
  const greeting = `Hello ${firstName}, this is ${BRAND} about your order ${order.number}.`;
  return (
    <Card className="p-4">
      <CardTitle>Buyer</CardTitle>
      <p className="mt-2 font-semibold text-stone-900">{order.buyer_name}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <a
          href={telLink(order.phone)}
          className={buttonStyles.secondary}
          aria-label={`Call ${order.buyer_name} on ${formatMalawiPhone(order.phone)}`}
        >
          {formatMalawiPhone(order.phone)}
        </a>
        {isMalawiMobile(order.phone) && (
          <a
            href={whatsappLink(order.phone, greeting)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonStyles.secondary}
          >
            WhatsApp<span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
      </div>
      {order.email && (
        <p className="mt-2 text-sm break-all">
          <a href={`mailto:${order.email}`} className="text-teal-800 underline">
            {order.email}
          </a>
        </p>
      )}
    </Card>
  );
}

/** How the buyer receives the order, and the shop that holds the items. */
export function FulfilmentCard({ order }: { order: AdminOrder }) {
  const { shop } = order;
  const where =
    order.fulfilment === 'delivery'
      ? `Delivery to ${[order.address, order.area].filter(Boolean).join(', ')}`
      : order.coach
        ? `By coach to ${order.coach.town}: ${order.coach.depot ?? 'the shop chooses the coach'}`
        : `Collect at ${shop?.name ?? 'the shop'}`;
  return (
    <Card className="p-4">
      <CardTitle>Fulfilment</CardTitle>
      <p className="mt-2 font-medium text-stone-900" data-testid="fulfilment">
        {where}
      </p>
      {order.coach?.waybill && (
        <p className="mt-1 text-sm text-stone-800" data-testid="coach-sent">
          Sent with {order.coach.company}, waybill{' '}
          <span className="font-mono font-semibold">{order.coach.waybill}</span>
        </p>
      )}
      {shop ? (
        <Details
          rows={[
            ['Shop', shop.name],
            ['Town', shop.town],
            ['Address', shop.address],
            ['Hours', shop.hours],
            [
              'Phone',
              shop.phone ? (
                <a href={telLink(shop.phone)} className="text-teal-800 underline">
                  {formatMalawiPhone(shop.phone)}
                </a>
              ) : (
                'None given'
              ),
            ],
          ]}
        />
      ) : (
        <p className="mt-2 text-sm text-stone-700">The shop of this order no longer exists.</p>
      )}
    </Card>
  );
}

const PAYMENT_STATUS: Record<PaymentStatus, [label: string, tone: BadgeTone]> = {
  not_required: ['Paid at the shop', 'grey'],
  pending: ['Waiting for the PIN', 'yellow'],
  paid: ['Paid', 'green'],
  failed: ['Failed', 'red'],
  refunding: ['Refund on its way', 'yellow'],
  refunded: ['Refunded', 'blue'],
};
const TRANSFER_STATUS: Record<MoneyTransfer['status'], [label: string, tone: BadgeTone]> = {
  starting: ['Starting', 'grey'],
  pending: ['Pending', 'yellow'],
  paid: ['Paid', 'green'],
  failed: ['Failed', 'red'],
  // The gateway cannot send it: an Admin pays it on the Money screen (decision 0079).
  manual: ['Staff to pay by hand', 'yellow'],
};
const TRANSFER_KIND: Record<MoneyTransfer['kind'], string> = {
  charge: 'Charge',
  refund: 'Refund',
  seller_payout: 'Payout',
};
const methodLabel = (method: string) => (isMobileMoney(method) ? MOBILE_MONEY_LABELS[method] : method);

/** A refund the gateway refused, with none after it: an Admin may send it again. */
export function refundFailed(order: AdminOrder): boolean {
  return order.transfers.findLast((t) => t.kind === 'refund')?.status === 'failed';
}

/**
 * How the buyer pays: online (the payment's state, then every charge and refund with the gateway's reference) or at
 * the shop (the method and reference staff wrote when completing it). `retry` is the Admin's Retry refund button.
 */
export function PaymentCard({ order, retry }: { order: AdminOrder; retry?: ReactNode }) {
  const online = isMobileMoney(order.payment.method) || order.transfers.length > 0;
  if (!online && !order.payment_method) return null;
  const [label, tone] = PAYMENT_STATUS[order.payment.status];
  const rows: [string, ReactNode][] = [];
  if (online) {
    rows.push(['Online', `${methodLabel(order.payment.method)}, ${formatMoney(order.payment.amount)}`]);
    rows.push(['Status', <Badge tone={tone}>{label}</Badge>]);
  }
  if (order.payment.message) rows.push(['Last failure', order.payment.message]);
  if (order.payment_method) {
    rows.push(['Method', PAYMENT_METHOD_LABELS[order.payment_method]]);
    rows.push(['Reference', order.payment_reference || '—']);
  }
  return (
    <Card className="p-4">
      <CardTitle>Payment</CardTitle>
      <Details rows={rows} />
      {order.transfers.length > 0 && (
        <ol className="mt-3 space-y-2 text-sm" aria-label="Charges and refunds">
          {order.transfers.map((t) => {
            const [state, stateTone] = TRANSFER_STATUS[t.status];
            return (
              <li key={t.id} className="rounded-md border border-stone-200 p-2" data-testid="transfer">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-stone-900">
                    {TRANSFER_KIND[t.kind]} {formatMoney(t.amount)}
                  </span>
                  <span className="text-stone-600">{methodLabel(t.method)}</span>
                  <Badge tone={stateTone}>{state}</Badge>
                </p>
                <p className="text-stone-600">
                  <time dateTime={t.created_at}>{formatStaffTime(t.created_at)}</time>
                  {t.settled_at && (
                    <>
                      {' → '}
                      <time dateTime={t.settled_at}>{formatStaffTime(t.settled_at)}</time>
                    </>
                  )}
                  {t.reference && (
                    <>
                      {' '}
                      · Ref. <span className="font-mono">{t.reference}</span>
                    </>
                  )}
                </p>
                {t.note && <p className="text-stone-800 [overflow-wrap:anywhere]">{t.note}</p>}
              </li>
            );
          })}
        </ol>
      )}
      {retry}
    </Card>
  );
}
