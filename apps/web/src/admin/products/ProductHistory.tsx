import { CONDITION_LABELS, formatDate, formatMoney, type AdminProduct, type ProductHistory } from '@marketplace/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/api-client';
import { Link } from '../../lib/router';
import { Card } from '../components/ui';
import { RETURN_KIND_LABELS, RETURN_STATUS_LABELS } from '../components/return-labels';
import { PRODUCT_ERRORS, productHistoryQuery } from './api';

// An item's life after its sale (issue 38 part 3), on its edit page: the orders that sold it, the returns of it,
// and what staff must know before putting it on sale again.

const linkStyle = 'font-medium text-teal-800 underline';
const note = 'rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950';

type Sale = ProductHistory['sales'][number];
type Return = ProductHistory['returns'][number];

function saleLine(s: Sale): ReactNode {
  const order = (
    <Link to={`/admin/orders/${s.order_id}`} className={linkStyle}>
      {s.order_number}
    </Link>
  );
  // A replacement's line costs the buyer nothing: they had paid for the item that came back.
  return s.price === 0 ? (
    <>
      Given in order {order} ({s.order_status}) as a replacement, at no charge
    </>
  ) : (
    <>
      Sold in order {order} ({s.order_status}), {formatMoney(s.price)}
    </>
  );
}

function returnLine(r: Return): ReactNode {
  const status = RETURN_STATUS_LABELS[r.status] + (r.refund_amount === null ? '' : ` ${formatMoney(r.refund_amount)}`);
  const found = r.condition === null ? '' : `, found ${CONDITION_LABELS[r.condition]}`;
  return (
    <>
      Returned:{' '}
      <Link to={`/admin/returns/${r.id}`} className={linkStyle}>
        {r.reference}
      </Link>
      , {RETURN_KIND_LABELS[r.kind]}, {status}
      {found}
    </>
  );
}

/** Sales and returns as one list, newest first (ISO times sort as text). */
function historyLines({ sales, returns }: ProductHistory) {
  return [
    ...sales.map((s) => ({ key: `sale-${s.order_id}`, at: s.placed_at, text: saleLine(s) })),
    ...returns.map((r) => ({ key: `return-${r.id}`, at: r.created_at, text: returnLine(r) })),
  ].sort((a, b) => b.at.localeCompare(a.at));
}

/** The item's history; nothing for an item never sold nor returned (most items). */
export function ProductHistoryCard({ productId }: { productId: number }) {
  const history = useQuery(productHistoryQuery(productId));
  const lines = history.data ? historyLines(history.data) : [];
  if (!history.error && lines.length === 0) return null;
  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby="history-heading" className="space-y-3">
        <h2 id="history-heading" className="text-lg font-semibold text-stone-900">
          History
        </h2>
        {history.error && <p role="alert">{errorMessage(history.error, PRODUCT_ERRORS.history)}</p>}
        {lines.length > 0 && (
          <ul className="space-y-1 text-sm text-stone-800" aria-label="Sales and returns">
            {lines.map((line) => (
              <li key={line.key}>
                <span className="text-stone-600">{formatDate(line.at)}: </span>
                {line.text}
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}

/**
 * What staff must know at the top of the form: the item is written off for good, or it came back (its newest
 * return refunded or replaced) and waits, unpublished, to be checked before it is on sale again.
 */
export function AfterSaleNote({ history, product }: { history: ProductHistory | undefined; product: AdminProduct }) {
  if (!history) return null;
  if (history.written_off_at !== null)
    return (
      <div className={note} data-testid="after-sale-note">
        <p>{`Written off on ${formatDate(history.written_off_at)}: ${history.written_off_reason ?? ''}`}</p>
        <p className="font-medium">It cannot be published.</p>
      </div>
    );
  const newest = history.returns.at(-1);
  const cameBack = newest && (newest.status === 'refunded' || newest.status === 'replaced');
  if (!cameBack || product.published || product.sold) return null;
  return (
    <p className={note} data-testid="after-sale-note">
      This item came back (
      <Link to={`/admin/returns/${newest.id}`} className={linkStyle}>
        {newest.reference}
      </Link>
      ): check it before you publish it again.
    </p>
  );
}
