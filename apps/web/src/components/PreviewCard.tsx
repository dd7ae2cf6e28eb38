import { CURRENCY, DEFAULT_LOCATION, formatAmount } from '@marketplace/shared';
import { ConditionLabel } from './ConditionLabel';
import { ImageIcon, PinIcon } from './icons';
import { useI18n } from '../i18n/context';

export interface PreviewCardProps {
  name?: string;
  price?: string;
  location?: string;
  description?: string;
  imageUrl?: string;
  /** The grade chosen so far ('' or none: no label yet). */
  condition?: string;
}

/** Live card preview of what is being typed, with the placeholder defaults of docs/product.md#sell. */
export function PreviewCard({ name, price, location, description, imageUrl, condition }: PreviewCardProps) {
  const digits = (price ?? '').replace(/\D/g, '');
  const i18n = useI18n();
  return (
    <section aria-label={i18n._('Preview')} className="mx-auto w-full max-w-56 lg:mx-0 lg:max-w-xs">
      <p className="mb-1 text-sm font-medium text-stone-800">{i18n._('Preview')}</p>
      <article className="overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-stone-200">
        {imageUrl ? (
          <img src={imageUrl} alt={i18n._('Primary image preview')} className="aspect-[4/5] w-full object-cover" />
        ) : (
          <div className="flex aspect-[4/5] w-full flex-col items-center justify-center gap-1 bg-stone-200 text-stone-600">
            <ImageIcon />
            <span className="text-xs">{i18n._('No photo')}</span>
          </div>
        )}
        <div className="space-y-1 p-3">
          <p className="line-clamp-2 text-sm font-medium text-stone-800">{name?.trim() || i18n._('Item Name')}</p>
          <p className="text-lg font-bold text-stone-950">{`${CURRENCY} ${digits ? formatAmount(digits) : '12,000.00'}`}</p>
          <ConditionLabel condition={condition} />
          <p className="flex items-center gap-1 text-xs text-stone-600">
            <PinIcon width={14} height={14} />
            {location?.trim() || DEFAULT_LOCATION}
          </p>
          <p className="line-clamp-3 text-xs text-stone-600">
            {description?.trim() || i18n._('Item description goes here')}
          </p>
        </div>
      </article>
    </section>
  );
}
