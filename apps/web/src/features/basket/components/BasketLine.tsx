import { DEFAULT_LOCATION, formatMoney } from '@marketplace/shared';
import { Link } from '../../../lib/router';
import { CloseIcon } from '../../../components/icons';
import { ProductImage } from '../../../components/ProductImage';
import type { BasketItem } from '../../../lib/basket-store';
import { CARD_IMAGE } from '../../../lib/images';
import { useI18n } from '../../../i18n/context';

/** Why a line cannot be bought any more, or null when it can. */
export type LineProblem = 'reserved' | 'moving' | 'gone' | null;

interface BasketLineProps {
  item: BasketItem;
  problem: LineProblem;
  /** Where a moving item is going. */
  town?: string | null | undefined;
  onRemove: () => void;
}

const PROBLEM_TEXT: Record<Exclude<LineProblem, null>, string> = {
  reserved: /*i18n*/ 'Reserved by another buyer',
  moving: /*i18n*/ 'Coming to {town} soon',
  gone: /*i18n*/ 'Unavailable: sold or no longer listed',
};

export function BasketLine({ item, problem, town, onRemove }: BasketLineProps) {
  const i18n = useI18n();
  return (
    <li className="card flex gap-3 p-3" data-testid="basket-line">
      <Link to={`/product/${item.id}`} className="shrink-0 rounded-md" tabIndex={-1} aria-hidden="true">
        <ProductImage
          file={item.cover_image_url}
          alt={item.name}
          size={CARD_IMAGE}
          tapToShow={false}
          className="aspect-[4/5] w-20 rounded-md sm:w-24"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2 className="text-base font-medium break-words text-stone-900">
          <Link to={`/product/${item.id}`} className="hover:underline">
            {item.name}
          </Link>
        </h2>
        <p className={`text-lg font-bold ${problem ? 'text-stone-600 line-through' : 'text-stone-950'}`}>
          {formatMoney(item.price)}
        </p>
        <p className="text-xs text-stone-600" data-testid="basket-line-shop">
          {item.shop ? `${item.shop.name}, ${item.shop.town}` : item.location || DEFAULT_LOCATION}
        </p>
        {problem && (
          <p className="w-fit rounded bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900">
            {i18n._(PROBLEM_TEXT[problem], { town: town ?? '' })}
          </p>
        )}
      </div>
      {/* An icon on a phone, where "Remove" would squeeze the price; its name is the same everywhere. */}
      <button
        type="button"
        onClick={onRemove}
        className="inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center self-start rounded-md border border-stone-300 text-sm font-semibold text-stone-800 hover:border-red-700 hover:text-red-700 sm:px-3"
      >
        <CloseIcon width={18} height={18} className="sm:hidden" />
        <span className="sr-only sm:not-sr-only">{i18n._('Remove')}</span>
        <span className="sr-only"> {i18n._('{name} from basket', { name: item.name })}</span>
      </button>
    </li>
  );
}
