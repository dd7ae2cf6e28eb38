import { formatMoney, type AccountItem } from '@marketplace/shared';
import { Link } from '../../../lib/router';
import { ProductImage } from '../../../components/ProductImage';
import { formatDateTime } from '../../../lib/dates';
import { CARD_IMAGE } from '../../../lib/images';
import { useI18n } from '../../../i18n/context';
import { translateKnown } from '../../../i18n/labels';
import { Rich } from '../../../i18n/Rich';

/** The seller's items, newest first: where each stands, and a way to its private page to answer offers. */
export function ItemList({ items }: { items: readonly AccountItem[] }) {
  const i18n = useI18n();
  return (
    <ul className="space-y-3" aria-label={i18n._('Your items')}>
      {items.map((item) => (
        <li key={item.reference} className="card flex gap-3 p-3 sm:p-4">
          <ProductImage
            file={item.image}
            alt={item.item_name}
            size={CARD_IMAGE}
            className="aspect-[4/5] w-20 shrink-0 rounded-md sm:w-24"
          />
          <div className="min-w-0 flex-1 space-y-1">
            <h2 className="text-base font-semibold break-words text-stone-950">{item.item_name}</h2>
            <p className="text-sm text-stone-700">
              <Rich
                text={i18n._('<0>{reference}</0> · sent <1>{date}</1> · your price {price}', {
                  reference: item.reference,
                  date: formatDateTime(item.created_at, i18n),
                  price: formatMoney(item.price),
                })}
                parts={[
                  (reference) => <span className="font-mono font-semibold">{reference}</span>,
                  (date) => <time dateTime={item.created_at}>{date}</time>,
                ]}
              />
            </p>
            <p className="text-stone-900">{translateKnown(i18n, item.status_text)}</p>
            {item.open_offer !== null && (
              <p className="font-semibold text-teal-800">
                {i18n._('Our offer: {amount}, waiting for your answer', { amount: formatMoney(item.open_offer) })}
              </p>
            )}
            <Link
              to={`/sell/status/${item.status_token}`}
              className={
                item.open_offer !== null
                  ? 'btn btn-primary mt-1'
                  : 'inline-flex min-h-11 items-center font-semibold text-teal-800 underline'
              }
            >
              {item.open_offer !== null ? i18n._('Answer the offer') : i18n._('Follow this item')}
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
