import {
  CONDITION_DEFINITIONS,
  CONDITION_LABELS,
  isConditionGrade,
  takesDefaultWarranty,
  type PublicProduct,
} from '@marketplace/shared';
import { useI18n } from '../../../i18n/context';
import { translateKnown } from '../../../i18n/labels';
import { useAfterSaleRules } from '../../../lib/after-sale';
import { warrantyShown } from '../warranty';

type Stated = Pick<PublicProduct, 'condition' | 'warranty_days' | 'battery_health'> &
  Partial<Pick<PublicProduct, 'category'>>;

/** The server's default warranty (DEFAULT_WARRANTY_DAYS), for an item whose page states none but has it. */
function DefaultWarranty() {
  const i18n = useI18n();
  const rules = useAfterSaleRules();
  return rules ? warrantyShown(rules.default_warranty_days, i18n) : null;
}

/**
 * What the product states about its condition: the grade with its definition, the shop's warranty and the
 * battery's health, each only when stated (a page kept from before grades existed has none of them). A phone,
 * tablet or laptop whose page states no warranty has the default one, as the API's return windows count it.
 */
export function ItemCondition({ product }: { product: Stated }) {
  const i18n = useI18n();
  const grade = isConditionGrade(product.condition) ? product.condition : null;
  const stated = typeof product.warranty_days === 'number' ? product.warranty_days : null;
  const byDefault =
    stated === null &&
    takesDefaultWarranty({ category_name: product.category?.category_name ?? null, condition: grade });
  const battery = typeof product.battery_health === 'number' ? product.battery_health : null;
  if (grade === null && stated === null && !byDefault && battery === null) return null;
  return (
    <dl
      className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 rounded-lg border border-stone-200 bg-white p-3 text-sm"
      data-testid="item-condition"
    >
      {grade && (
        <>
          <dt className="text-stone-600">{i18n._('Condition')}</dt>
          <dd className="text-stone-900">
            <span className="font-semibold">{translateKnown(i18n, CONDITION_LABELS[grade])}</span>
            <span className="block text-stone-700">{translateKnown(i18n, CONDITION_DEFINITIONS[grade])}</span>
          </dd>
        </>
      )}
      {(stated !== null || byDefault) && (
        <>
          <dt className="text-stone-600">{i18n._('Warranty')}</dt>
          <dd className="font-medium text-stone-900">
            {stated !== null ? warrantyShown(stated, i18n) : <DefaultWarranty />}
          </dd>
        </>
      )}
      {battery !== null && (
        <>
          <dt className="text-stone-600">{i18n._('Battery health')}</dt>
          <dd className="font-medium text-stone-900">{battery}%</dd>
        </>
      )}
    </dl>
  );
}
