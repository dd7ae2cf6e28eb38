import { sizeLabel, type PublicProduct } from '@marketplace/shared';
import { useI18n } from '../../../i18n/context';

type Stated = Partial<Pick<PublicProduct, 'brand' | 'storage_gb' | 'ram_gb'>>;

/**
 * Brand, storage and memory, each only when stated (decision 0069); an answer kept from before they
 * existed has none of them.
 */
export function ItemSpecs({ product }: { product: Stated }) {
  const i18n = useI18n();
  const brand = typeof product.brand === 'string' && product.brand !== '' ? product.brand : null;
  const storage = typeof product.storage_gb === 'number' ? product.storage_gb : null;
  const ram = typeof product.ram_gb === 'number' ? product.ram_gb : null;
  if (brand === null && storage === null && ram === null) return null;
  const rows: [label: string, value: string][] = [];
  if (brand !== null) rows.push([i18n._('Brand'), brand]);
  if (storage !== null) rows.push([i18n._('Storage'), sizeLabel(storage)]);
  if (ram !== null) rows.push([i18n._('RAM'), sizeLabel(ram)]);
  return (
    <dl
      className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 rounded-lg border border-stone-200 bg-white p-3 text-sm"
      data-testid="item-specs"
    >
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-stone-600">{label}</dt>
          <dd className="font-medium text-stone-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
