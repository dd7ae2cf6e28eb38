import {
  CONDITION_LABELS,
  formatMalawiPhone,
  formatMoney,
  formatStaffTime,
  telLink,
  type AdminReturn,
  type ReturnStatus,
} from '@marketplace/shared';
import type { ReactNode } from 'react';
import { Link } from '../../lib/router';
import { ProductImage } from '../../components/ProductImage';
import { CARD_IMAGE } from '../../lib/images';
import { DataTable } from '../components/DataTable';
import { Card, td } from '../components/ui';
import { CardTitle, Details } from '../components/details';
import {
  REFUND_METHOD_LABELS,
  RETURN_KIND_LABELS,
  RETURN_REASON_LABELS,
  RETURN_STATUS_LABELS,
  WAY_BACK_LABELS,
} from './labels';

const productLink = (id: number, text: string) => (
  <Link to={`/admin/products/${id}`} className="text-teal-800 underline">
    {text}
  </Link>
);

/** What the buyer asked: why, in their words, their photos, and how the item comes back. */
export function AskCard({ ret }: { ret: AdminReturn }) {
  return (
    <Card className="p-4">
      <CardTitle>The buyer's ask</CardTitle>
      <Details
        rows={[
          ['Kind', RETURN_KIND_LABELS[ret.kind]],
          ['What is wrong', RETURN_REASON_LABELS[ret.reason]],
          ['Note', ret.note ?? '—'],
          ['Comes back', ret.how_back ? WAY_BACK_LABELS[ret.how_back] : 'At the shop'],
        ]}
      />
      {ret.photos.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-3" aria-label="Photos">
          {ret.photos.map((file, index) => (
            <li key={file}>
              <ProductImage
                file={file}
                alt={`${ret.item_name}, the buyer's photo ${index + 1} of ${ret.photos.length}`}
                size={CARD_IMAGE}
                className="aspect-[4/5] w-28 rounded-md sm:w-36"
              />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The order and the item it is about, at the price the buyer paid, and the buyer to call. */
export function OrderItemCard({ ret }: { ret: AdminReturn }) {
  return (
    <Card className="p-4">
      <CardTitle>Order and item</CardTitle>
      <Details
        rows={[
          [
            'Order',
            <Link to={`/admin/orders/${ret.order_id}`} className="text-teal-800 underline">
              {ret.order_number}
            </Link>,
          ],
          ['Item', ret.product_id === null ? ret.item_name : productLink(ret.product_id, ret.item_name)],
          ['Price paid', formatMoney(ret.item_price)],
          ['Buyer', ret.buyer_name],
          [
            'Phone',
            <a href={telLink(ret.phone)} className="text-teal-800 underline">
              {formatMalawiPhone(ret.phone)}
            </a>,
          ],
        ]}
      />
    </Card>
  );
}

/** What the counter found and what was decided, once there is anything of it. */
export function OutcomeCard({ ret }: { ret: AdminReturn }) {
  const rows: [string, ReactNode][] = [];
  if (ret.condition) rows.push(['Condition found', CONDITION_LABELS[ret.condition]]);
  if (ret.imei) rows.push(['IMEI read', <span className="font-mono">{ret.imei}</span>]);
  if (ret.refund_amount !== null) rows.push(['Refunded', formatMoney(ret.refund_amount)]);
  if (ret.refund_method) rows.push(['Paid back by', REFUND_METHOD_LABELS[ret.refund_method]]);
  if (ret.refund_reason) rows.push(['Why a part refund', ret.refund_reason]);
  if (ret.replacement_product_id !== null)
    rows.push(['Replacement', productLink(ret.replacement_product_id, `Product #${ret.replacement_product_id}`)]);
  if (ret.decline_reason) rows.push(['Declined because', ret.decline_reason]);
  if (rows.length === 0) return null;
  return (
    <Card className="p-4">
      <CardTitle>At the counter</CardTitle>
      <Details rows={rows} />
    </Card>
  );
}

const SETTLED = new Set<ReturnStatus>(['refunded', 'replaced', 'declined']);

/** The dates the return keeps, oldest first: asked, received, each repair step, decided. */
export function ReturnHistory({ ret }: { ret: AdminReturn }) {
  const steps: [label: string, at: string | null][] = [
    ['Asked by the buyer', ret.created_at],
    ['Received at the shop', ret.received_at],
    ['Sent for repair', ret.repair_sent_at],
    ['Back from repair', ret.repair_back_at],
    ['Handed over to the buyer', ret.handed_over_at],
    [SETTLED.has(ret.status) ? RETURN_STATUS_LABELS[ret.status] : 'Outcome decided', ret.decided_at],
  ];
  const happened = steps
    .filter((step): step is [string, string] => step[1] !== null)
    .sort((a, b) => a[1].localeCompare(b[1]));
  return (
    <div className="min-w-0">
      <h2 className="mb-2 text-base font-semibold text-stone-900">History</h2>
      <DataTable label="Return history" minWidth="min-w-[20rem]" columns={['When', 'What happened']}>
        {happened.map(([label, at]) => (
          <tr key={label}>
            <td className={`${td} whitespace-nowrap`}>
              <time dateTime={at}>{formatStaffTime(at)}</time>
            </td>
            <td className={td}>{label}</td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
