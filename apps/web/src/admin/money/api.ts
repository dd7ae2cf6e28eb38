import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  LedgerCorrection,
  MoneyEntry,
  MoneyQuery,
  MoneySummary,
  PayByHandRequest,
  RefundWeeks,
} from '@marketplace/shared';
import { adminFile, adminRequest, query, rowsPageQuery, type PageWindow } from '../api';

export const MONEY_ERRORS = {
  summary: 'Failed to fetch the money figures',
  entries: 'Failed to fetch the money entries',
  csv: 'Failed to download the CSV',
  byHand: 'Failed to record the payment',
  correction: 'Failed to record the correction',
  refunds: 'Failed to fetch the refunds of returns',
} as const;

export const ENTRIES_PAGE_SIZE = 20;

/** The entries behind one figure: the period and shop, and which kinds and method the figure adds up. */
export interface EntriesFilter extends MoneyQuery {
  kind?: readonly string[];
  method?: string;
}

export const moneyKeys = {
  all: ['money'] as const,
  summary: (q: MoneyQuery) => [...moneyKeys.all, 'summary', q] as const,
  entries: (f: EntriesFilter, page: PageWindow) => [...moneyKeys.all, 'entries', f, page] as const,
  refunds: (shopId: number | undefined) => [...moneyKeys.all, 'refunds', shopId ?? null] as const,
};

/** `?from=&to=&shop_id=&kind=&method=` with only the filters given; the kinds joined by commas. */
function params({ from, to, shop_id, kind, method }: EntriesFilter): Record<string, string | number> {
  const all = { from, to, shop_id, kind: kind?.join(','), method };
  return Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string | number
  >;
}

/** Where a figure's entries are listed. */
export const entriesPath = (filter: EntriesFilter) => `/admin/money/entries${query(params(filter))}`;

/** The figures of a period; the figures shown stay while another period's load. */
export const summaryQuery = (q: MoneyQuery) =>
  queryOptions({
    queryKey: moneyKeys.summary(q),
    queryFn: ({ signal }) =>
      adminRequest<MoneySummary>(`/admin/money/summary${query(params(q))}`, {
        defaultMessage: MONEY_ERRORS.summary,
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { defaultMessage: MONEY_ERRORS.summary },
  });

/** Refunds of returns per week, the last 8 weeks, of one shop or all (issue 38). */
export const refundWeeksQuery = (shopId: number | undefined) =>
  queryOptions({
    queryKey: moneyKeys.refunds(shopId),
    queryFn: ({ signal }) =>
      adminRequest<RefundWeeks>(`/admin/money/refunds${query({ shop_id: shopId })}`, {
        defaultMessage: MONEY_ERRORS.refunds,
        signal,
      }),
    meta: { defaultMessage: MONEY_ERRORS.refunds },
  });

export const entriesPageQuery = (filter: EntriesFilter) => (page: PageWindow) =>
  rowsPageQuery<MoneyEntry>({
    queryKey: moneyKeys.entries(filter, page),
    path: '/admin/money/entries',
    keys: ['entries'],
    params: { ...params(filter), ...page },
    defaultMessage: MONEY_ERRORS.entries,
  });

/** Fetches the period's CSV with the staff token and hands it to the browser to save. */
export async function downloadCsv(q: MoneyQuery): Promise<void> {
  const file = await adminFile(`/admin/money/entries.csv${query(params(q))}`, { defaultMessage: MONEY_ERRORS.csv });
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = `money-${q.from}-to-${q.to}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download by now; the object URL only holds memory.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** An Admin records how a refund or payout the gateway cannot send was paid (decision 0079). */
export function payByHand(id: number, body: PayByHandRequest): Promise<void> {
  return adminRequest<void>(`/admin/money/transfers/${id}/by-hand`, {
    method: 'POST',
    body,
    defaultMessage: MONEY_ERRORS.byHand,
  });
}

/** An Admin's correction of one entry (docs/decisions/0082); answers the new entry. */
export function recordCorrection(body: LedgerCorrection): Promise<MoneyEntry> {
  return adminRequest<MoneyEntry>('/admin/money/corrections', {
    method: 'POST',
    body,
    defaultMessage: MONEY_ERRORS.correction,
  });
}
