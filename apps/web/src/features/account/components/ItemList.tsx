import { formatMoney, type AccountItem } from '@marketplace/shared';
import { Link } from '../../../lib/router';
import { ProductImage } from '../../../components/ProductImage';
import { formatDateTime } from '../../../lib/dates';
import { CARD_IMAGE } from '../../../lib/images';

/** The seller's items, newest first: where each stands, and a way to its private page to answer offers. */
export function ItemList({ items }: { items: readonly AccountItem[] }) {
  return (
    <ul className="space-y-3" aria-label="Your items">
      {items.map((item) => (
        <li key={item.reference} className="card flex gap-3 p-3 sm:p-4">
          <ProductImage file={item.image} alt={item.item_name} size={CARD_IMAGE} className="aspect-[4/5] w-20 shrink-0 rounded-md sm:w-24" />
          <div className="min-w-0 flex-1 space-y-1">
            <h2 className="text-base font-semibold break-words text-stone-950">{item.item_name}</h2>
            <p className="text-sm text-stone-700">
              <span className="font-mono font-semibold">{item.reference}</span> · sent <time dateTime={item.created_at}>{formatDateTime(item.created_at)}</time> · your price {formatMoney(item.price)}
            </p>
            <p className="text-stone-900">{item.status_text}</p>
            {item.open_offer !== null && <p className="font-semibold text-teal-800">Our offer: {formatMoney(item.open_offer)}, waiting for your answer</p>}
            <Link to={`/sell/status/${item.status_token}`} className={item.open_offer !== null ? 'btn btn-primary mt-1' : 'inline-flex min-h-11 items-center font-semibold text-teal-800 underline'}>
              {item.open_offer !== null ? 'Answer the offer' : 'Follow this item'}
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
