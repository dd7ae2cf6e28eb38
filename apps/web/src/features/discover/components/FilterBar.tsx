import type { ProductSort } from '@marketplace/shared';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from '../../../lib/router';
import { lazyPage } from '../../../lib/lazy-page';
import { activeFilters, discoverUrl, type DiscoverFilters } from '../filters';
import { useI18n } from '../../../i18n/context';

// The filters' form is a piece of its own (decision 0006): it sits in a closed panel, works as a plain GET form
// from the server's HTML before any code runs, and its code loads after the page's, so the first screen carries
// only the sort and the panel's button.
const FilterForm = lazyPage(() => import('./FilterForm'), 'FilterForm');

// English ids, translated where they are shown.
const SORT_LABELS: Record<ProductSort, string> = {
  relevance: /*i18n*/ 'Best match',
  newest: /*i18n*/ 'Newest',
  price_asc: /*i18n*/ 'Price: low to high',
  price_desc: /*i18n*/ 'Price: high to low',
};

export interface FilterBarProps {
  /** The search or category the filters narrow; it stays when they change. */
  base: { search?: string; category?: string };
  filters: DiscoverFilters;
}

/**
 * Sort and filters for discover and search results. Every change is a new URL (pushed, so Back undoes
 * it), which is also what the list loads from. The filters form is a plain GET form: it works before the
 * page's code has loaded.
 */
export function FilterBar({ base, filters }: FilterBarProps) {
  const navigate = useNavigate();
  const i18n = useI18n();
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDetailsElement>(null);
  // Opened before the page's code ran (a tap on a slow phone): no toggle event reached React, so the panel's
  // towns and brands would never load. The element itself says whether it is open.
  useEffect(() => {
    if (panel.current?.open) setOpen(true);
  }, []);
  const sorts: ProductSort[] = base.search
    ? ['relevance', 'newest', 'price_asc', 'price_desc']
    : ['newest', 'price_asc', 'price_desc'];
  const count = activeFilters(filters);

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
      <details ref={panel} className="group w-full sm:w-auto" onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary className="btn btn-outline inline-flex min-h-11 cursor-pointer list-none items-center px-4">
          {count > 0 ? i18n._('Filters ({count})', { count }) : i18n._('Filters')}
        </summary>
        <Suspense fallback={null}>
          <FilterForm base={base} filters={filters} open={open} />
        </Suspense>
      </details>
    </div>
  );
}
