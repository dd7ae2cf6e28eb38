import { CONDITION_DEFINITIONS, CONDITION_GRADES, CONDITION_LABELS, type ConditionGrade } from '@marketplace/shared';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from '../../../lib/router';
import { activeFilters, discoverUrl } from '../filters';
import type { FilterBarProps } from './FilterBar';
import { TownSelect } from './TownSelect';
import { SpecFilterSlot } from './SpecFilterSlot';
import { specFiltersFrom } from '../spec-filters';
import { useI18n } from '../../../i18n/context';

const PRICE_ORDER_MESSAGE = /*i18n*/ 'Price from must not be more than price to';
const PRICE_DIGITS_MESSAGE = /*i18n*/ 'Enter a price in kwacha, digits only';

/** A typed price as the URL holds it: digits, with spaces and thousands commas dropped; null when not a price. */
function priceOf(text: string): string | null {
  const digits = text.replace(/[\s,]/g, '');
  return /^\d{0,10}$/.test(digits) ? (digits === '' ? '' : String(Number(digits))) : null;
}

/** The filters' panel: price, town, condition, brand, storage and RAM, applied as a new URL. */
export function FilterForm({ base, filters, open }: FilterBarProps & { open: boolean }) {
  const navigate = useNavigate();
  const i18n = useI18n();
  const id = useId();
  /** In English (an id above), translated when shown. */
  const [error, setError] = useState<string | null>(null);
  const [condition, setCondition] = useState<ConditionGrade | ''>(filters.condition ?? '');
  const count = activeFilters(filters);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const min = priceOf(String(form.get('min_price') ?? ''));
    const max = priceOf(String(form.get('max_price') ?? ''));
    if (min === null || max === null) return setError(PRICE_DIGITS_MESSAGE);
    if (min && max && Number(min) > Number(max)) return setError(PRICE_ORDER_MESSAGE);
    setError(null);
    const town = String(form.get('town') ?? '');
    navigate(
      discoverUrl(base, {
        sort: filters.sort,
        min_price: min || undefined,
        max_price: max || undefined,
        town: town || undefined,
        condition: condition || undefined,
        ...specFiltersFrom(form),
      }),
    );
  }

  return (
    <form
      method="get"
      action="/discover"
      onSubmit={onSubmit}
      noValidate
      className="mt-2 grid gap-3 rounded-lg border border-stone-200 bg-white p-4 sm:w-96"
    >
      {base.search ? (
        <input type="hidden" name="search" value={base.search} />
      ) : (
        base.category && <input type="hidden" name="category" value={base.category} />
      )}
      {filters.sort && <input type="hidden" name="sort" value={filters.sort} />}
      <fieldset aria-describedby={error ? `${id}-error` : undefined}>
        <legend className="text-sm font-medium text-stone-800">{i18n._('Price (MWK)')}</legend>
        <div className="mt-1 flex gap-2">
          <label className="flex-1 text-sm text-stone-700">
            {i18n._('From')}
            <input
              name="min_price"
              inputMode="numeric"
              autoComplete="off"
              defaultValue={filters.min_price}
              aria-invalid={error ? true : undefined}
              className="mt-1 block min-h-11 w-full rounded-md border border-stone-400 px-2 text-base"
            />
          </label>
          <label className="flex-1 text-sm text-stone-700">
            {i18n._('To')}
            <input
              name="max_price"
              inputMode="numeric"
              autoComplete="off"
              defaultValue={filters.max_price}
              aria-invalid={error ? true : undefined}
              className="mt-1 block min-h-11 w-full rounded-md border border-stone-400 px-2 text-base"
            />
          </label>
        </div>
        {error && (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
            {i18n._(error)}
          </p>
        )}
      </fieldset>
      <TownSelect current={filters.town} load={open} />
      <label className="text-sm text-stone-700">
        {i18n._('Condition')}
        <select
          name="condition"
          value={condition}
          onChange={(e) => setCondition(e.target.value as ConditionGrade | '')}
          aria-describedby={condition ? `${id}-condition` : undefined}
          className="mt-1 block min-h-11 w-full rounded-md border border-stone-400 bg-white px-2 text-base text-stone-900"
        >
          <option value="">{i18n._('Any condition')}</option>
          {CONDITION_GRADES.map((grade) => (
            <option key={grade} value={grade}>
              {i18n._(CONDITION_LABELS[grade])}
            </option>
          ))}
        </select>
        {condition && (
          <span id={`${id}-condition`} className="mt-1 block text-stone-600">
            {i18n._(CONDITION_DEFINITIONS[condition])}
          </span>
        )}
      </label>
      <SpecFilterSlot current={filters} open={open} />
      <div className="flex gap-2">
        <button type="submit" className="btn btn-primary flex-1">
          {i18n._('Apply filters')}
        </button>
        {count > 0 && (
          <button
            type="button"
            className="btn btn-outline flex-1"
            onClick={() => navigate(discoverUrl(base, { sort: filters.sort }))}
          >
            {i18n._('Clear filters')}
          </button>
        )}
      </div>
    </form>
  );
}
