import {
  CONDITION_DEFINITIONS,
  CONDITION_GRADES,
  CONDITION_LABELS,
  type ConditionGrade,
  type ProductSort,
} from '@marketplace/shared';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from '../../../lib/router';
import { activeFilters, discoverUrl, type DiscoverFilters } from '../filters';
import { TownSelect } from './TownSelect';
import { SpecFilterSlot } from './SpecFilterSlot';
import { specFiltersFrom } from '../spec-filters';
import { useI18n } from '../../../i18n/context';

// English ids, translated where they are shown (the grades' labels are marked in packages/shared).
const SORT_LABELS: Record<ProductSort, string> = {
  relevance: /*i18n*/ 'Best match',
  newest: /*i18n*/ 'Newest',
  price_asc: /*i18n*/ 'Price: low to high',
  price_desc: /*i18n*/ 'Price: high to low',
};
const PRICE_ORDER_MESSAGE = /*i18n*/ 'Price from must not be more than price to';
const PRICE_DIGITS_MESSAGE = /*i18n*/ 'Enter a price in kwacha, digits only';

interface FilterBarProps {
  /** The search or category the filters narrow; it stays when they change. */
  base: { search?: string; category?: string };
  filters: DiscoverFilters;
}

/** A typed price as the URL holds it: digits, with spaces and thousands commas dropped; null when not a price. */
function priceOf(text: string): string | null {
  const digits = text.replace(/[\s,]/g, '');
  return /^\d{0,10}$/.test(digits) ? (digits === '' ? '' : String(Number(digits))) : null;
}

/**
 * Sort and filters for discover and search results. Every change is a new URL (pushed, so Back undoes
 * it), which is also what the list loads from. The filters form is a plain GET form: it works before the
 * page's code has loaded.
 */
export function FilterBar({ base, filters }: FilterBarProps) {
  const navigate = useNavigate();
  const i18n = useI18n();
  const id = useId();
  const [open, setOpen] = useState(false);
  /** In English (an id above), translated when shown. */
  const [error, setError] = useState<string | null>(null);
  const [condition, setCondition] = useState<ConditionGrade | ''>(filters.condition ?? '');
  const sorts: ProductSort[] = base.search
    ? ['relevance', 'newest', 'price_asc', 'price_desc']
    : ['newest', 'price_asc', 'price_desc'];
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
    <div className="mb-4 flex flex-wrap items-start gap-2">
      <label className="flex min-h-11 items-center gap-2 text-sm text-stone-700">
        {i18n._('Sort by')}
        <select
          className="min-h-11 rounded-md border border-stone-400 bg-white px-2 text-base text-stone-900"
          value={filters.sort ?? sorts[0]}
          onChange={(e) =>
            navigate(
              discoverUrl(base, {
                ...filters,
                sort: e.target.value === sorts[0] ? undefined : (e.target.value as ProductSort),
              }),
            )
          }
        >
          {sorts.map((sort) => (
            <option key={sort} value={sort}>
              {i18n._(SORT_LABELS[sort])}
            </option>
          ))}
        </select>
      </label>
      <details className="group w-full sm:w-auto" onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary className="btn btn-outline inline-flex min-h-11 cursor-pointer list-none items-center px-4">
          {count > 0 ? i18n._('Filters ({count})', { count }) : i18n._('Filters')}
        </summary>
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
      </details>
    </div>
  );
}
