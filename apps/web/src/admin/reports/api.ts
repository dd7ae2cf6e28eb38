import type { AdminReportedItem, ReportDecision } from '@marketplace/shared';
import { adminRequest, rowsPageQuery, type PageWindow } from '../api';

export const REPORTS_PAGE_SIZE = 10;
export const REPORT_ERRORS = {
  list: 'Failed to fetch reports',
  decide: 'Failed to save the decision',
} as const;

export const reportKeys = {
  all: ['reports'] as const,
  page: (page: PageWindow) => [...reportKeys.all, 'page', page] as const,
};

export const reportsPageQuery = (page: PageWindow) =>
  rowsPageQuery<AdminReportedItem>({
    queryKey: reportKeys.page(page),
    path: '/admin/reports',
    keys: ['items'],
    params: page,
    defaultMessage: REPORT_ERRORS.list,
  });

/** Closes the item's open reports: dismiss (published again if reports hid it), or unpublish it. */
export function decideReports(productId: number, decision: ReportDecision): Promise<unknown> {
  return adminRequest<unknown>(`/admin/reports/${productId}/${decision}`, {
    method: 'POST',
    defaultMessage: REPORT_ERRORS.decide,
  });
}
