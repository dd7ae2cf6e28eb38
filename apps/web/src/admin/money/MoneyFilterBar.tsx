import { MONEY_MAX_DAYS, moneyQuerySchema } from '@marketplace/shared';
import { ShopSelect, useShopChoices } from '../components/ShopSelect';
import { buttonStyles, SelectField, TextField } from '../components/ui';
import { useSchemaForm } from '../use-schema-form';
import { PERIOD_LABELS, PERIODS, type MoneyFilters, type Period } from './period';

interface MoneyFilterBarProps {
  filters: MoneyFilters;
  onChange: (next: Partial<MoneyFilters>) => void;
}

/** Period and shop apply at once; custom dates apply with Show, checked by the API's own period rules. */
export function MoneyFilterBar({ filters, onChange }: MoneyFilterBarProps) {
  const shops = useShopChoices();
  return (
    <div role="group" aria-label="Choose the period and shop" className="space-y-3">
      <div className="grid gap-3 sm:max-w-xl sm:grid-cols-2">
        <SelectField
          label="Period"
          value={filters.period}
          onChange={(event) => onChange({ period: event.target.value as Period })}
        >
          {PERIODS.map((period) => (
            <option key={period} value={period}>
              {PERIOD_LABELS[period]}
            </option>
          ))}
        </SelectField>
        <ShopSelect value={filters.shopId} shops={shops} onChange={(shopId) => onChange({ shopId })} />
      </div>
      {filters.period === 'custom' && (
        // Keyed by the dates shown, so Back or a link to other dates refills the fields.
        <CustomDates key={`${filters.from} ${filters.to}`} filters={filters} onChange={onChange} />
      )}
    </div>
  );
}

function CustomDates({ filters, onChange }: MoneyFilterBarProps) {
  const { form, field } = useSchemaForm(moneyQuerySchema, { from: filters.from, to: filters.to });
  return (
    <form
      noValidate
      aria-label="Custom dates"
      className="flex flex-wrap items-start gap-3"
      onSubmit={(event) => void form.handleSubmit(({ from, to }) => onChange({ period: 'custom', from, to }))(event)}
    >
      <TextField type="date" label="From" className="w-44" {...field('from')} />
      <TextField type="date" label="To" className="w-44" hint={`At most ${MONEY_MAX_DAYS} days`} {...field('to')} />
      <button type="submit" className={`${buttonStyles.primary} mt-6`}>
        Show
      </button>
    </form>
  );
}
