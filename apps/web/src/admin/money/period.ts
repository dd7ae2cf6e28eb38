import type { MoneyQuery } from '@marketplace/shared';
import { useSearchParams } from '../../lib/router';

export const PERIODS = ['today', 'week', 'month', 'custom'] as const;
export type Period = (typeof PERIODS)[number];
export const PERIOD_LABELS: Record<Period, string> = {
  today: 'Today',
  week: 'This week',
  month: 'This month',
  custom: 'Custom dates',
};

const DAY_MS = 86_400_000;
const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * The days a period covers, in UTC like the ledger's days (docs/decisions/0051). This week is the 7 days ending
 * today, as the dashboard's Revenue and Margin This Week, so the two screens agree.
 */
function periodDays(period: Exclude<Period, 'custom'>, now: number): { from: string; to: string } {
  const to = utcDay(now);
  if (period === 'today') return { from: to, to };
  if (period === 'week') return { from: utcDay(now - 6 * DAY_MS), to };
  return { from: `${to.slice(0, 8)}01`, to };
}

export interface MoneyFilters {
  period: Period;
  from: string;
  to: string;
  shopId: number | null;
}

const isPeriod = (value: string | null): value is Period => (PERIODS as readonly (string | null)[]).includes(value);

/** ?period=&from=&to=&shop_id=: a preset's days are worked out today; custom dates are read as written. */
function readFilters(params: URLSearchParams, now: number): MoneyFilters {
  const named = params.get('period');
  const period = isPeriod(named) ? named : 'week';
  const shop = params.get('shop_id') ?? '';
  const shopId = /^[1-9]\d{0,8}$/.test(shop) ? Number(shop) : null;
  if (period !== 'custom') return { period, ...periodDays(period, now), shopId };
  return { period, from: params.get('from') ?? '', to: params.get('to') ?? '', shopId };
}

/** The Money screen's filters live in the URL, so a reload, Back and a shared link keep them. */
export function useMoneyFilters(): [MoneyFilters, (next: Partial<MoneyFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params, Date.now());
  const setFilters = (next: Partial<MoneyFilters>) => {
    setParams((current) => {
      const merged = { ...readFilters(current, Date.now()), ...next };
      const copy = new URLSearchParams({ period: merged.period });
      if (merged.period === 'custom') {
        copy.set('from', merged.from);
        copy.set('to', merged.to);
      }
      if (merged.shopId) copy.set('shop_id', String(merged.shopId));
      return copy;
    });
  };
  return [filters, setFilters];
}

/** What the API is asked for. */
export const moneyQueryOf = (filters: MoneyFilters): MoneyQuery => ({
  from: filters.from,
  to: filters.to,
  shop_id: filters.shopId ?? undefined,
});
