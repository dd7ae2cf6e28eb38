import {
  formatMalawiPhone,
  isMalawiMobile,
  PAYMENT_METHOD_LABELS,
  telLink,
  whatsappLink,
  type AdminOrder,
} from '@marketplace/shared';
import type { ReactNode } from 'react';
import { BRAND } from '../../lib/brand';
import { buttonStyles, Card } from '../components/ui';

function CardTitle({ children }: { children: ReactNode }) {
  return <h2 className="text-base font-semibold text-stone-900">{children}</h2>;
}

function Details({ rows }: { rows: [term: string, value: ReactNode][] }) {
  return (
    <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-stone-600">{term}</dt>
          <dd className="text-stone-900 [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

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
      : `Collect at ${shop?.name ?? 'the shop'}`;
  return (
    <Card className="p-4">
      <CardTitle>Fulfilment</CardTitle>
      <p className="mt-2 font-medium text-stone-900" data-testid="fulfilment">
        {where}
      </p>
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

/** How a completed order was paid. */
export function PaymentCard({ order }: { order: AdminOrder }) {
  if (!order.payment_method) return null;
  return (
    <Card className="p-4">
      <CardTitle>Payment</CardTitle>
      <Details
        rows={[
          ['Method', PAYMENT_METHOD_LABELS[order.payment_method]],
          ['Reference', order.payment_reference || '—'],
        ]}
      />
    </Card>
  );
}
