import { formatMoney } from '@marketplace/shared';
import type { SavedItem } from '../../../lib/saved-items';
import { RemoveSavedButton } from './RemoveSavedButton';
import { useI18n } from '../../../i18n/context';

interface GoneItemsProps {
  items: readonly SavedItem[];
  onRemoved: (name: string) => void;
}

/** Saved items the shop no longer lists: named from what was saved, with a way to clear them. */
export function GoneItems({ items, onRemoved }: GoneItemsProps) {
  const i18n = useI18n();
  return (
    <section aria-labelledby="gone-heading">
      <h2 id="gone-heading" className="section-title">
        {i18n._('No longer listed')}
      </h2>
      <p className="mb-3 text-sm text-stone-700">{i18n._('Sold elsewhere or taken down by the shop.')}</p>
      <ul className="space-y-2">
        {items.map(({ id, snapshot }) => {
          // Items marked before saving kept their details have only their number.
          const name = snapshot?.name ?? i18n._('Item {id}', { id });
          return (
            <li key={id} className="card flex items-center gap-3 p-3">
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words text-stone-900">{name}</p>
                {snapshot && (
                  <p className="text-sm text-stone-700">
                    {i18n._('Saved at {price}', { price: formatMoney(snapshot.price) })}
                  </p>
                )}
              </div>
              <div className="w-28 shrink-0">
                <RemoveSavedButton id={id} name={name} onRemoved={onRemoved} />
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
