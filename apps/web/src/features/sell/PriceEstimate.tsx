import { CONDITION_LABELS, formatAmount, formatMoney, type ConditionGrade, type Estimate } from '@marketplace/shared';
import { useEffect, useState } from 'react';
import { apiRequest } from '../../lib/api-client';
import { useAsync } from '../../lib/use-async';
import { useI18n } from '../../i18n/context';

/** Typing pauses this long before the estimate is asked, so one word costs one call, not one per letter. */
const ESTIMATE_DELAY_MS = 600;
const NO_RANGE = /*i18n*/ "We'll make you an offer within one working day";

type Item = { name: string; condition: ConditionGrade; category: string };

function loadEstimate(item: Item | null, signal: AbortSignal): Promise<Estimate> {
  if (!item) return Promise.resolve({ count: 0 });
  const query = new URLSearchParams({ category: item.category, q: item.name, condition: item.condition });
  return apiRequest<Estimate>(`/v1/estimates?${query.toString()}`, { defaultMessage: NO_RANGE, signal });
}

/** The range shops paid for items like this (docs/decisions/0055), or the promise of an offer; never a guess. */
export default function PriceEstimate({ name, condition, category }: Item) {
  const i18n = useI18n();
  const [item, setItem] = useState<Item | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setItem({ name, condition, category }), ESTIMATE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [name, condition, category]);
  const state = useAsync(`estimate:${item?.category ?? ''}:${item?.condition ?? ''}:${item?.name ?? ''}`, (signal) =>
    loadEstimate(item, signal),
  );
  const [shown, setShown] = useState('');
  useEffect(() => {
    if (!item || state.status === 'loading') return;
    const range = state.status === 'success' ? state.data : { count: 0 };
    setShown(
      range.low !== undefined && range.high !== undefined
        ? i18n._('Shops usually pay {range} for a {item} in {condition} condition', {
            range: `${formatMoney(range.low)} - ${formatAmount(range.high)}`,
            item: item.name,
            condition: i18n._(CONDITION_LABELS[item.condition]).toLowerCase(),
          })
        : i18n._(NO_RANGE),
    );
  }, [i18n, item, state]);
  // The last answer stays while the next is asked: the line changes once, not blank in between.
  return (
    <p className="text-sm font-medium text-teal-900 empty:hidden" aria-live="polite" data-testid="price-estimate">
      {shown}
    </p>
  );
}
