import {
  formatMalawiPhone,
  telLink,
  type BuyerReturn,
  type OrderAfterSale,
  type PublicOrder,
  type ReturnKind,
} from '@marketplace/shared';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useI18n } from '../../../i18n/context';
import { formatDate } from '../../../lib/dates';
import { isOpenReturn, returnStatusText } from './return-status';
import type { ReturnAsk } from './ReturnForm';

// The form (with the photo picker and the phone code step) is fetched on the button press, not with the page.
const ReturnForm = lazy(() => import('./ReturnForm').then((m) => ({ default: m.ReturnForm })));

interface AfterSaleProps {
  order: PublicOrder;
  afterSale: OrderAfterSale;
  token: string;
  /** The order as it is now, with the request just sent among its returns. */
  onChanged: (order: PublicOrder) => void;
  /** The server refused (409: one is already open for the item): the page says why and loads the order again. */
  onRefused: (message: string) => void;
}

type Item = PublicOrder['items'][number];

/** The item's newest request, if it asked any. */
const latestFor = (returns: readonly BuyerReturn[], productId: number | null) =>
  returns
    .filter((request) => productId !== null && request.product_id === productId)
    .reduce<BuyerReturn | null>(
      (latest, request) => (latest && latest.created_at > request.created_at ? latest : request),
      null,
    );

const future = (iso: string | null, now: number) => iso !== null && Date.parse(iso) > now;

/**
 * A completed order's "Return or warranty" (docs/decisions/0099): per item, its request's status, the button while
 * a return or the warranty still runs, or when the warranty ended and the shop's phone.
 */
export function AfterSale({ order, afterSale, token, onChanged, onRefused }: AfterSaleProps) {
  const i18n = useI18n();
  const [asking, setAsking] = useState<ReturnAsk | null>(null);
  const [sent, setSent] = useState<BuyerReturn | null>(null);
  const confirmation = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (sent) confirmation.current?.focus();
  }, [sent]);
  const now = Date.now();

  function received(request: BuyerReturn) {
    setSent(request);
    onChanged({ ...order, after_sale: { ...afterSale, returns: [...afterSale.returns, request] } });
  }

  return (
    <section aria-labelledby="order-after-sale-heading" className="card p-4 sm:p-5">
      <h2 id="order-after-sale-heading" className="mb-2 text-lg font-semibold text-stone-900">
        {i18n._('Return or warranty')}
      </h2>
      {sent && (
        <p
          ref={confirmation}
          tabIndex={-1}
          role="status"
          className="mb-3 rounded-md border border-teal-300 bg-teal-50 p-3 text-sm font-medium text-stone-900 outline-none"
          data-testid="return-sent"
        >
          {i18n._('Request sent. Your reference is {reference}. The shop will contact you about it.', {
            reference: sent.reference,
          })}
        </p>
      )}
      <ul className="divide-y divide-stone-200">
        {order.items.map((item, index) => {
          const windows = afterSale.items.find((w) => w.product_id !== null && w.product_id === item.product_id);
          return (
            <AfterSaleItem
              key={item.product_id ?? `line-${index}`}
              item={item}
              returnUntil={windows?.return_until ?? null}
              warrantyUntil={windows?.warranty_until ?? null}
              latest={latestFor(afterSale.returns, item.product_id)}
              shopPhone={order.shop?.phone ?? null}
              now={now}
              onAsk={setAsking}
            />
          );
        })}
      </ul>
      {asking && (
        <Suspense fallback={<p className="mt-3 text-sm text-stone-700">{i18n._('Loading…')}</p>}>
          <ReturnForm
            ask={asking}
            order={order}
            token={token}
            onClose={() => setAsking(null)}
            onSent={received}
            onRefused={onRefused}
          />
        </Suspense>
      )}
    </section>
  );
}

interface AfterSaleItemProps {
  item: Item;
  returnUntil: string | null;
  warrantyUntil: string | null;
  latest: BuyerReturn | null;
  shopPhone: string | null;
  now: number;
  onAsk: (ask: ReturnAsk) => void;
}

function AfterSaleItem({ item, returnUntil, warrantyUntil, latest, shopPhone, now, onAsk }: AfterSaleItemProps) {
  const i18n = useI18n();
  const nameId = useId();
  const open = latest !== null && isOpenReturn(latest.status);
  // Within the return window it is a return; after it, while the warranty runs, a warranty claim.
  const kind: ReturnKind | null = future(returnUntil, now) ? 'return' : future(warrantyUntil, now) ? 'warranty' : null;
  const until = kind === 'return' ? returnUntil : warrantyUntil;
  const ended = warrantyUntil ?? returnUntil;
  return (
    <li className="space-y-2 py-3" data-testid="after-sale-item">
      <p id={nameId} className="font-medium break-words text-stone-900">
        {item.name}
      </p>
      {latest && (
        <p className="text-sm text-stone-800">
          {latest.kind === 'return'
            ? i18n._('Return {reference}:', { reference: latest.reference })
            : i18n._('Warranty claim {reference}:', { reference: latest.reference })}{' '}
          <strong className="font-semibold break-words" data-testid="return-status">
            {returnStatusText(i18n, latest)}
          </strong>
        </p>
      )}
      {!open && kind && until && item.product_id !== null && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <button
            type="button"
            className="btn btn-outline"
            aria-describedby={nameId}
            onClick={() => onAsk({ productId: item.product_id!, name: item.name, kind, until })}
          >
            {i18n._('Return or warranty')}
          </button>
          <span className="text-sm text-stone-700">
            {kind === 'return'
              ? i18n._('Returns are open until {date}.', { date: formatDate(until, i18n) })
              : i18n._('Under warranty until {date}.', { date: formatDate(until, i18n) })}
          </span>
        </div>
      )}
      {!open && !kind && ended && (
        <p className="text-sm text-stone-800">
          {warrantyUntil
            ? i18n._('The warranty ended on {date}.', { date: formatDate(ended, i18n) })
            : i18n._('Returns for this item ended on {date}.', { date: formatDate(ended, i18n) })}{' '}
          {shopPhone && (
            <a href={telLink(shopPhone)} className="text-link whitespace-nowrap">
              {i18n._('Call the shop on {phone}', { phone: formatMalawiPhone(shopPhone) })}
            </a>
          )}
        </p>
      )}
    </li>
  );
}
