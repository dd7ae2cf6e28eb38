import { MALAWI_TOWNS } from '@marketplace/shared';
import type { UseFormRegister } from 'react-hook-form';
import { Field } from '../../../components/FormField';
import { useI18n } from '../../../i18n/context';
import type { CheckoutValues } from '../checkout-draft';
import type { ShopGroup } from '../checkout-lines';

interface CoachFieldsProps {
  /** The shops the items are in: their towns are not offered (the buyer collects or has it delivered there). */
  groups: readonly ShopGroup[];
  register: UseFormRegister<CheckoutValues>;
  error: (field: keyof CheckoutValues) => string | undefined;
}

/** Where a coach parcel goes (decision 0072): a town from the list, and the buyer's coach company or depot. */
export function CoachFields({ groups, register, error }: CoachFieldsProps) {
  const i18n = useI18n();
  const shopTowns = new Set(groups.map((g) => g.shop?.town?.toLowerCase()).filter(Boolean));
  const towns = MALAWI_TOWNS.filter((town) => !shopTowns.has(town.toLowerCase()));
  return (
    <div className="space-y-4 rounded-md bg-stone-50 p-3">
      <Field label={i18n._('Your town')} error={error('coach_town')}>
        {(aria) => (
          <select {...aria} {...register('coach_town')}>
            <option value="">{i18n._('Choose your town')}</option>
            {towns.map((town) => (
              <option key={town} value={town}>
                {town}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label={i18n._('Coach company or depot (optional)')}
        error={error('coach_depot')}
        hint={i18n._('Leave it empty and the shop chooses the coach.')}
      >
        {(aria) => <input {...aria} maxLength={120} {...register('coach_depot')} />}
      </Field>
      <p className="text-sm text-stone-800">
        {i18n._(
          'The shop calls you to agree the payment and the coach fare. Pay the fare at the depot when you collect, unless the shop adds it to your order. We send you the waybill number by SMS.',
        )}
      </p>
    </div>
  );
}
