import type { ReactNode } from 'react';
import { Navigate, useLocation } from '../lib/router';
import { useAuthToken } from './session';

/** Without a stored authToken every protected admin route opens /admin/login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useAuthToken();
  const location = useLocation();
  if (!token) return <Navigate to="/admin/login" replace state={{ from: location.pathname }} />;
  return children;
}
