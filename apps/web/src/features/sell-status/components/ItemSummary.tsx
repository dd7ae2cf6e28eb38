import { formatMoney, type SellerView } from '@marketplace/shared';
import { ProductImage } from '../../../components/ProductImage';
import { CARD_IMAGE } from '../../../lib/images';
import { formatDateTime } from '../../../lib/dates';
import { useI18n } from '../../../i18n/context';

/** The item as the seller submitted it: photos (the card size, shared with the cache), asking price, place. */
export function ItemSummary({ view }: { view: SellerView }) {
  const i18n = useI18n();
  const count = view.images.length;
  return (
    <div className="space-y-3">
      {count > 0 && (
        <ul className="grid grid-cols-3 gap-2" aria-label={i18n._('Photos')}>
          {view.images.map((file, i) => (
            <li key={file}>
              <ProductImage
                file={file}
                alt={i18n._('{name}, photo {number} of {count}', { name: view.item_name, number: i + 1, count })}
                size={CARD_IMAGE}
                className="aspect-[4/5] w-full rounded-md"
                eager={i === 0}
              />
            </li>
          ))}
        </ul>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium text-stone-900">{i18n._('Your price')}</dt>
        <dd className="font-semibold" data-testid="asking-price">
          {formatMoney(view.price)}
        </dd>
        <dt className="font-medium text-stone-900">{i18n._('Location')}</dt>
        <dd className="break-words">{view.location}</dd>
        <dt className="font-medium text-stone-900">{i18n._('Sent on')}</dt>
        <dd>
          <time dateTime={view.created_at}>{formatDateTime(view.created_at, i18n)}</time>
        </dd>
      </dl>
      <p className="text-sm break-words whitespace-pre-line text-stone-800">{view.description}</p>
    </div>
  );
}
