import type { Dashboard } from '@marketplace/shared';
import { adminRequest } from '../api';

export const DASHBOARD_ERROR = 'Failed to fetch dashboard';

export function fetchDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return adminRequest<Dashboard>('/admin/dashboard', { defaultMessage: DASHBOARD_ERROR, signal });
}
