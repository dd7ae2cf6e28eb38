import { queryOptions } from '@tanstack/react-query';
import type { Dashboard } from '@marketplace/shared';
import { adminRequest } from '../api';

export const DASHBOARD_ERROR = 'Failed to fetch dashboard';

export const dashboardQuery = () =>
  queryOptions({
    queryKey: ['dashboard'] as const,
    queryFn: ({ signal }) => adminRequest<Dashboard>('/admin/dashboard', { defaultMessage: DASHBOARD_ERROR, signal }),
    meta: { defaultMessage: DASHBOARD_ERROR },
  });
