import { formatMoney, type SellerView } from '@marketplace/shared';
import { ProductImage } from '../../../components/ProductImage';
import { CARD_IMAGE } from '../../../lib/images';
import { formatDateTime } from '../../../lib/dates';

/** The item as the seller submitted it: photos (the card size, shared with the cache), asking price, place. */
export function ItemSummary({ view }: { view: SellerView }) {
  const count = view.images.length;
  return (
    <div className="space-y-3">
      {count > 0 && (
        <ul className="grid grid-cols-3 gap-2" aria-label="Photos">
          {view.images.map((file, i) => (
            <li key={file}>
              <ProductImage file={file} alt={`${view.item_name}, photo ${i + 1} of ${count}`} size={CARD_IMAGE} className="aspect-[4/5] w-full rounded-md" eager={i === 0} />
            </li>
          ))}
        </ul>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium text-stone-900">Your price</dt>
        <dd className="font-semibold" data-testid="asking-price">
          {formatMoney(view.price)}
        </dd>
        <dt className="font-medium text-stone-900">Location</dt>
        <dd className="break-words">{view.location}</dd>
        <dt className="font-medium text-stone-900">Sent</dt>
        <dd>
          <time dateTime={view.created_at}>{formatDateTime(view.created_at)}</time>
        </dd>
      </dl>
      <p className="text-sm break-words whitespace-pre-line text-stone-800">{view.description}</p>
    </div>
  );
}
