import { DEFAULT_LOCATION, formatMoney } from '@marketplace/shared';
import { Link } from 'react-router';
import { ProductImage } from '../../../components/ProductImage';
import type { BasketItem } from '../../../lib/basket-store';
import { CARD_IMAGE } from '../../../lib/images';

interface BasketLineProps {
  item: BasketItem;
  unavailable: boolean;
  onRemove: () => void;
}

export function BasketLine({ item, unavailable, onRemove }: BasketLineProps) {
  return (
    <li className="card flex gap-3 p-3" data-testid="basket-line">
      <Link to={`/product/${item.id}`} className="shrink-0 rounded-md" tabIndex={-1} aria-hidden="true">
        <ProductImage file={item.cover_image_url} alt={item.name} size={CARD_IMAGE} className="aspect-[4/5] w-20 rounded-md sm:w-24" />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2 className="text-base font-medium break-words text-stone-900">
          <Link to={`/product/${item.id}`} className="hover:underline">
            {item.name}
          </Link>
        </h2>
        <p className={`text-lg font-bold whitespace-nowrap ${unavailable ? 'text-stone-600 line-through' : 'text-stone-950'}`}>{formatMoney(item.price)}</p>
        <p className="text-xs text-stone-600">{item.location || DEFAULT_LOCATION}</p>
        {unavailable && <p className="w-fit rounded bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900">Unavailable: sold or no longer listed</p>}
      </div>
      <button
        type="button"
        onClick={onRemove}
        className="inline-flex min-h-11 items-center self-start rounded-md border border-stone-300 px-3 text-sm font-semibold text-stone-800 hover:border-red-700 hover:text-red-700"
      >
        Remove<span className="sr-only"> {item.name} from basket</span>
      </button>
    </li>
  );
}
