import { createContext, useContext } from 'react';

export interface StaffMember {
  id: number;
  display_name: string;
  email: string;
  role: string;
}

/** Who is logged in (from /api/v1/auth/me), or null while it loads. Used only for navigation: the server checks every call. */
export const StaffContext = createContext<StaffMember | null>(null);

export function useStaff(): StaffMember | null {
  return useContext(StaffContext);
}
